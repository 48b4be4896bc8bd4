import { MedicalContent } from '../features/marketing';

export default function MedicalProfessionalsPage() {
  return <MedicalContent />;
}

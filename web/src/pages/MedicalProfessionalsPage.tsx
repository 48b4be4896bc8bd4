import { PageShell } from '../ui/PageShell';

export default function MedicalProfessionalsPage() {
  return <PageShell title="Medical Professionals" heading="For Medical Professionals" />;
}

import { PageShell } from '../ui/PageShell';

export default function GamePage() {
  return <PageShell title="Nurse Help Me" heading="Nurse Help Me" />;
}

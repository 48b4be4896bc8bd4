import { PageShell } from '../ui/PageShell';

export default function DisclaimerPage() {
  return <PageShell title="Disclaimer" heading="Disclaimer" />;
}

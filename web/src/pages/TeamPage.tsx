import { PageShell } from '../ui/PageShell';

export default function TeamPage() {
  return <PageShell title="Meet the Team" heading="Meet the Team" />;
}

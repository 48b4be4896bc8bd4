import { PageShell } from '../ui/PageShell';

export default function TokenPage() {
  return <PageShell title="HAIC Token" heading="HAIC Token" />;
}

import { PageShell } from '../ui/PageShell';

export default function HomePage() {
  return <PageShell title="Home" heading="Healthcare AI on the XRP Ledger" />;
}

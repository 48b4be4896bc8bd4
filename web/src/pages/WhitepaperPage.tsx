import { PageShell } from '../ui/PageShell';

export default function WhitepaperPage() {
  return <PageShell title="Whitepaper" heading="Whitepaper" />;
}

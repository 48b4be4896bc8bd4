import { PageShell } from '../ui/PageShell';

export default function NewsPage() {
  return <PageShell title="News" heading="News" />;
}

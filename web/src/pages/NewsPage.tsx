import { NewsList } from '../features/news';
import { PageShell } from '../ui/PageShell';

export default function NewsPage() {
  return (
    <PageShell title="News" heading="Healthcare & Crypto News" subtitle="The latest on healthcare AI, finance and the XRP Ledger ecosystem.">
      <NewsList />
    </PageShell>
  );
}

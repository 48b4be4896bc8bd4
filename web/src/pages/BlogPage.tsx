import { BlogList } from '../features/blog';
import { PageShell } from '../ui/PageShell';

// The CMS serves the feed (RSS 2.0 of the latest posts).
const FEEDS = [{ title: 'HAIC Blog', href: '/blog/rss.xml' }];

export default function BlogPage() {
  return (
    <PageShell title="Blog" heading="HAIC Blog" subtitle="Research, product progress and community news from the HAIC team." feeds={FEEDS}>
      <BlogList />
    </PageShell>
  );
}

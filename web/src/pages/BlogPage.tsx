import { BlogList } from '../features/blog';
import { PageShell } from '../ui/PageShell';

export default function BlogPage() {
  return (
    <PageShell title="Blog" heading="HAIC Blog" subtitle="Research, product progress and community news from the HAIC team.">
      <BlogList />
    </PageShell>
  );
}

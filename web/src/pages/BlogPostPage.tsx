import { PageShell } from '../ui/PageShell';

export default function BlogPostPage() {
  return <PageShell title="Blog" heading="Blog post" />;
}

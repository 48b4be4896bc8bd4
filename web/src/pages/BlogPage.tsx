import { PageShell } from '../ui/PageShell';

export default function BlogPage() {
  return <PageShell title="Blog" heading="Blog" />;
}

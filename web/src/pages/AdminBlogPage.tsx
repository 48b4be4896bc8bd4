import { PageShell } from '../ui/PageShell';

export default function AdminBlogPage() {
  return <PageShell title="Blog Management" heading="Blog Management" />;
}

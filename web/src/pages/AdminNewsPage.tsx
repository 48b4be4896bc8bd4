import { PageShell } from '../ui/PageShell';

export default function AdminNewsPage() {
  return <PageShell title="News Management" heading="News Management" />;
}

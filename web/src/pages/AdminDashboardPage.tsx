import { PageShell } from '../ui/PageShell';

export default function AdminDashboardPage() {
  return <PageShell title="Admin Dashboard" heading="Admin Dashboard" />;
}

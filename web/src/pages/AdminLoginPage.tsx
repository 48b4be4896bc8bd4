import { PageShell } from '../ui/PageShell';

export default function AdminLoginPage() {
  return <PageShell title="Admin Login" heading="Admin Login" />;
}

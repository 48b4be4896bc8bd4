import { PageShell } from '../ui/PageShell';

export default function RegisterPage() {
  return <PageShell title="Sign Up" heading="Sign Up" />;
}

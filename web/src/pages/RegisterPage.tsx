import { RegisterForm } from '../features/auth';
import { PageShell } from '../ui/PageShell';

export default function RegisterPage() {
  return (
    <PageShell title="Sign Up" heading="Create Your Account" subtitle="Join the HAIC community to track your scores and link your chat account.">
      <RegisterForm />
    </PageShell>
  );
}

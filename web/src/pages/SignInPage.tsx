import { SignInForm } from '../features/auth';
import { PageShell } from '../ui/PageShell';

export default function SignInPage() {
  return (
    <PageShell title="Sign In" heading="Sign In" subtitle="Welcome back! Sign in to your HAIC account.">
      <SignInForm />
    </PageShell>
  );
}

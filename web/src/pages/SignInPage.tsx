import { PageShell } from '../ui/PageShell';

export default function SignInPage() {
  return <PageShell title="Sign In" heading="Sign In" />;
}

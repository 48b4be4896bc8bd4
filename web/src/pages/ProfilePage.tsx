import { ProfileView } from '../features/profile';
import { PageShell } from '../ui/PageShell';

export default function ProfilePage() {
  return (
    <PageShell noindex title="My Profile" heading="My Profile">
      <ProfileView />
    </PageShell>
  );
}

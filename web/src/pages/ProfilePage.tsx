import { ProfileView } from '../features/profile';
import { PageShell } from '../ui/PageShell';

export default function ProfilePage() {
  return (
    <PageShell title="My Profile" heading="My Profile">
      <ProfileView />
    </PageShell>
  );
}

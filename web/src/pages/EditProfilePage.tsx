import { EditProfileForm } from '../features/profile';
import { PageShell } from '../ui/PageShell';

export default function EditProfilePage() {
  return (
    <PageShell noindex title="Edit Profile" heading="Edit Profile" subtitle="Update your personal information">
      <EditProfileForm />
    </PageShell>
  );
}

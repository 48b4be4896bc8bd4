import { PageShell } from '../ui/PageShell';

export default function EditProfilePage() {
  return <PageShell title="Edit Profile" heading="Edit Profile" />;
}

import { TeamContent } from '../features/marketing';

export default function TeamPage() {
  return <TeamContent />;
}

import { AdminNews } from '../features/admin';

export default function AdminNewsPage() {
  return <AdminNews />;
}

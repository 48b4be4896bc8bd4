import { AdminBlog } from '../features/admin';

export default function AdminBlogPage() {
  return <AdminBlog />;
}

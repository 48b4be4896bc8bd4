export { AdminLogin } from './AdminLogin';
export { AdminDashboard } from './AdminDashboard';
export { AdminNews } from './AdminNews';
export { AdminBlog } from './AdminBlog';
export { login } from './api';

import type { Seeder } from './types';

/** Sample blog content (added where missing, never changed). */
export const seedBlog: Seeder = async () => ({ name: 'blog', created: 0 });

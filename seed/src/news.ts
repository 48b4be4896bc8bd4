import type { Seeder } from './types';

/** Sample news content (added where missing, never changed). */
export const seedNews: Seeder = async () => ({ name: 'news', created: 0 });

import type { Seeder } from './types';

/** Sample admin content (added where missing, never changed). */
export const seedAdmin: Seeder = async () => ({ name: 'admin', created: 0 });

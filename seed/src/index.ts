import type { Core } from '@strapi/strapi';

export interface SeedReport {
  name: string;
  created: number;
}

/** A seeder adds what is missing and never changes what is there, so seeding twice changes nothing. */
export type Seeder = (strapi: Core.Strapi) => Promise<SeedReport>;

// Each content area adds its seeder here.
export const seeders: Seeder[] = [];

export async function seedAll(strapi: Core.Strapi): Promise<SeedReport[]> {
  const reports: SeedReport[] = [];
  for (const seeder of seeders) reports.push(await seeder(strapi));
  return reports;
}

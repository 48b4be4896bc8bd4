import type { Core } from '@strapi/strapi';

export interface SeedReport {
  name: string;
  created: number;
}

/** A seeder adds what is missing and never changes what is there, so seeding twice changes nothing. */
export type Seeder = (strapi: Core.Strapi) => Promise<SeedReport>;

import type { Core } from '@strapi/strapi';
import { seedAdmin } from './admin';
import { seedBlog } from './blog';
import { seedNews } from './news';
import type { SeedReport, Seeder } from './types';

export const seeders: Seeder[] = [seedAdmin, seedBlog, seedNews];

export async function seedAll(strapi: Core.Strapi): Promise<SeedReport[]> {
  const reports: SeedReport[] = [];
  for (const seeder of seeders) reports.push(await seeder(strapi));
  return reports;
}

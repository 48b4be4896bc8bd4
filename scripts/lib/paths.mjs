// Where things are: the repository and its workspaces.
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const CMS_DIR = path.join(ROOT, 'cms');
export const WEB_DIR = path.join(ROOT, 'web');
export const CONTRACT_DIR = path.join(ROOT, 'contract');
export const SEED_DIR = path.join(ROOT, 'seed');
export const ENV_FILE = path.join(CMS_DIR, '.env');

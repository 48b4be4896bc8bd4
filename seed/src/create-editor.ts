// `npm run create-editor -- --email you@example.com --password 'Secret123!' --firstname Ada [--lastname Lovelace] [--role editor|author|super-admin]`
// Creates a CMS panel account (/cms). By default an 'Editor': creates, edits, publishes and unpublishes every
// content type and uploads media, but cannot change settings, roles or panel users. --role super-admin gives
// the full panel (the same as `strapi admin:create-user`).
import { parseArgs } from 'node:util';
import { EMAIL_PATTERN } from '@haic/contract';
import { loadStrapi } from './strapi';

const ROLE_CODES = { editor: 'strapi-editor', author: 'strapi-author', 'super-admin': 'strapi-super-admin' } as const;
type RoleName = keyof typeof ROLE_CODES;

/** What this command uses of Strapi's panel-account services (admin::user, admin::role). */
interface AdminUsers {
  exists(filter: { email: string }): Promise<boolean>;
  create(account: {
    email: string;
    firstname: string;
    lastname: string | null;
    password: string;
    registrationToken: null;
    isActive: boolean;
    roles: number[];
  }): Promise<unknown>;
}
interface AdminRoles {
  findOne(filter: { code: string }): Promise<{ id: number; name: string } | null>;
}

interface EditorInput {
  email: string;
  password: string;
  firstname: string;
  lastname?: string;
  role: RoleName;
}

/** Strapi's own rules for panel accounts (those of `strapi admin:create-user`). */
function validateEditor(input: Partial<EditorInput>): string | null {
  if (!input.email || !EMAIL_PATTERN.test(input.email)) return 'A valid --email is required';
  const password = input.password ?? '';
  if (password.length < 8) return 'Password must be at least 8 characters long';
  if (!/[a-z]/.test(password)) return 'Password must contain at least one lowercase character';
  if (!/[A-Z]/.test(password)) return 'Password must contain at least one uppercase character';
  if (!/\d/.test(password)) return 'Password must contain at least one number';
  if (!input.firstname?.trim()) return 'First name is required (--firstname)';
  if (!input.role || !(input.role in ROLE_CODES)) return `--role must be one of ${Object.keys(ROLE_CODES).join(', ')}`;
  return null;
}

function readArgs(argv: string[]): Partial<EditorInput> {
  const { values } = parseArgs({
    args: argv,
    options: {
      email: { type: 'string', short: 'e' },
      password: { type: 'string', short: 'p' },
      firstname: { type: 'string', short: 'f' },
      lastname: { type: 'string', short: 'l' },
      role: { type: 'string', default: 'editor' },
    },
    strict: true,
  });
  return { ...values, email: values.email?.trim().toLowerCase(), role: values.role as RoleName };
}

async function main() {
  let input: Partial<EditorInput>;
  try {
    input = readArgs(process.argv.slice(2));
  } catch (error) {
    console.error((error as Error).message);
    process.exit(2);
  }
  const problem = validateEditor(input);
  if (problem) {
    console.error(problem);
    process.exit(2);
  }
  const { email, password, firstname, lastname, role } = input as EditorInput;

  const strapi = await loadStrapi();
  let code = 0;
  try {
    const users = strapi.service('admin::user') as unknown as AdminUsers;
    const roles = strapi.service('admin::role') as unknown as AdminRoles;
    if (await users.exists({ email })) {
      console.error(`A CMS panel account with the email "${email}" already exists.`);
      code = 1;
    } else {
      const found = await roles.findOne({ code: ROLE_CODES[role] });
      if (!found) throw new Error(`The panel role ${ROLE_CODES[role]} does not exist`);
      await users.create({
        email,
        firstname: firstname.trim(),
        lastname: lastname?.trim() || null,
        password,
        registrationToken: null,
        isActive: true,
        roles: [found.id],
      });
      console.log(`Created the CMS panel account ${email} (role: ${found.name}). Sign in at /cms.`);
    }
  } finally {
    await strapi.destroy();
  }
  process.exit(code);
}

if (require.main === module) {
  main().catch((error) => {
    console.error('[create-editor] failed:', error);
    process.exit(1);
  });
}

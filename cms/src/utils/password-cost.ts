/**
 * bcrypt's cost for every password the site stores (web users and site admins, both users-permissions users):
 * PASSWORD_HASH_ROUNDS, 10 by default as users-permissions hashes. Each step doubles a hash's and a sign-in's
 * CPU; a stored hash keeps the cost it was made with (bcrypt writes it into the hash), so a change applies to
 * passwords set from then on. The panel's own accounts are Strapi's (cost 10).
 */
import { setting } from './settings';

interface PasswordAttribute {
  type: string;
  encryption?: { rounds?: number };
}

/**
 * The users-permissions plugin with its user's password hashed at PASSWORD_HASH_ROUNDS: the plugin (and Strapi's
 * document service) hash a password attribute with its `encryption.rounds`.
 */
export function withPasswordCost<P extends { contentTypes: Record<string, { schema: { attributes: Record<string, unknown> } }> }>(plugin: P): P {
  const password = plugin.contentTypes.user.schema.attributes.password as PasswordAttribute;
  password.encryption = { ...password.encryption, rounds: setting('PASSWORD_HASH_ROUNDS') };
  return plugin;
}

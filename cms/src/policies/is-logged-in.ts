import type { Context } from 'koa';
import type { Core } from '@strapi/strapi';
import { userFromToken } from '../utils/current-user';
import { unauthorized } from '../utils/api-error';

/**
 * 'global::is-logged-in': the route needs a valid users-permissions token (401 otherwise) and gets
 * the user in ctx.state.user. Routes using it are declared `auth: false` so that no role has to be
 * granted the action: access is decided by the token and the controller's owner checks.
 */
const isLoggedIn = async (policyContext: Core.PolicyContext & Pick<Context, 'state'>, _config: unknown, { strapi }: { strapi: Core.Strapi }) => {
  const user = await userFromToken(strapi, policyContext);
  if (!user) throw unauthorized('You must be signed in to do this');
  policyContext.state.user = user;
  return true;
};

export default isLoggedIn;

import type { Context } from 'koa';
import type { Core } from '@strapi/strapi';
import type { AdminAuthService } from '../services/admin-auth';
import { clientLimitKey } from '../../../utils/client-address';
import { fieldsOf } from '../../../utils/fields';

const service = (strapi: Core.Strapi) => strapi.service('api::admin-auth.admin-auth') as unknown as AdminAuthService;

export default ({ strapi }: { strapi: Core.Strapi }) => ({
  /** POST /api/admin/login {username, password, captchaToken}: the captcha field is accepted and ignored. */
  async login(ctx: Context) {
    const body = fieldsOf(ctx.request.body);
    ctx.body = await service(strapi).login({ username: body.username, password: body.password, ip: clientLimitKey(ctx) });
  },
});

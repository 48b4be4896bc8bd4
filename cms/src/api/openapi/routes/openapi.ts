import { OPENAPI_PATH } from '@haic/contract';

// GET /api/openapi.json: the API's OpenAPI description, public and shareable (middlewares/http-cache.ts).
export default {
  routes: [{ method: 'GET', path: OPENAPI_PATH.replace(/^\/api/, ''), handler: 'openapi.describe', config: { auth: false } }],
};

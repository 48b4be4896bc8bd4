import type { Core } from '@strapi/strapi';
import type { BlogPostRecord } from '@haic/contract';
import { configuredPublicUrl } from '../../../utils/public-url';
import { setting } from '../../../utils/settings';
import { sign, signatureMatches } from '../../../utils/signed-token';

/**
 * Signed, expiring preview links for draft posts. A token is `<payload>.<signature>`, both base64url:
 * the payload names one document and an expiry, the signature is an HMAC-SHA256 of the payload under
 * PREVIEW_SECRET. A token opens that document's latest draft for one hour and nothing else.
 */
const PREVIEW_TOKEN_TTL_MS = 60 * 60 * 1000;
const MAX_TOKEN_LENGTH = 512;
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{1,400}\.[A-Za-z0-9_-]{43}$/;
// Separates this use of the secret from any other HMAC made with it.
const PURPOSE = 'haic:blog-post-preview:v1:';

interface PreviewTarget {
  documentId: string;
}

export interface PreviewService {
  isEnabled(): boolean;
  createToken(documentId: string, issuedAtMs?: number): string;
  verify(token: unknown, nowMs?: number): PreviewTarget | null;
  previewUrl(documentId: string): Promise<string | null>;
  findDraft(slug: unknown, token: unknown): Promise<BlogPostRecord | null>;
}

const secret = () => setting('PREVIEW_SECRET');

export default ({ strapi }: { strapi: Core.Strapi }): PreviewService => ({
  /** Preview needs a secret; without one no link is offered and every token is refused. */
  isEnabled() {
    return secret().length >= 16;
  },

  createToken(documentId, issuedAtMs = Date.now()) {
    if (!this.isEnabled()) throw new Error('PREVIEW_SECRET is not set (at least 16 characters): preview links are off');
    if (typeof documentId !== 'string' || !documentId) throw new Error('createToken needs a documentId');
    const payload = Buffer.from(JSON.stringify({ d: documentId, e: issuedAtMs + PREVIEW_TOKEN_TTL_MS })).toString('base64url');
    return `${payload}.${sign(secret(), PURPOSE + payload)}`;
  },

  verify(token, nowMs = Date.now()) {
    if (!this.isEnabled() || typeof token !== 'string' || token.length > MAX_TOKEN_LENGTH || !TOKEN_SHAPE.test(token)) return null;
    const [payload, signature] = token.split('.');
    if (!signatureMatches(secret(), PURPOSE + payload, signature)) return null;
    let claims: { d?: unknown; e?: unknown };
    try {
      claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    } catch {
      return null;
    }
    if (typeof claims?.d !== 'string' || !claims.d || typeof claims.e !== 'number' || !(claims.e > nowMs)) return null;
    return { documentId: claims.d };
  },

  /** The site address the panel's Preview opens: the draft's own slug plus a fresh token. */
  async previewUrl(documentId) {
    if (!this.isEnabled()) return null;
    const draft = await strapi.documents('api::blog-post.blog-post').findOne({ documentId, status: 'draft', fields: ['slug'] });
    if (!draft?.slug) return null;
    return `${configuredPublicUrl()}/blog/${encodeURIComponent(draft.slug)}?preview=${this.createToken(documentId)}`;
  },

  /**
   * The latest draft of the post the token names (in the shape the site's GraphQL reads), when the token
   * is valid and the slug asked for is that post's slug; otherwise null (answered 404, as for any draft).
   */
  async findDraft(slug, token) {
    const target = this.verify(token);
    if (!target || typeof slug !== 'string' || !slug) return null;
    // The one road for blog reads (services/blog-post.ts): the same record the site's pages render.
    return strapi.service('api::blog-post.blog-post').findDraft(target.documentId, slug);
  },
});

import { CSP_DEFAULTS, extendMiddlewareConfiguration } from '@strapi/utils';
import { trimTrailing } from '@haic/contract';
/**
 * Where uploaded media live. With S3_BUCKET set they go to S3-compatible storage (AWS S3, MinIO, R2...)
 * so that every instance serves every file; otherwise to the local disk (cms/public/uploads), which
 * several instances must then share (one volume).
 */
type Env = ((name: string, fallback?: string) => string) & { bool: (name: string, fallback?: boolean) => boolean };

export function s3UploadConfig(env: Env) {
  const bucket = env('S3_BUCKET', '');
  if (!bucket) return null;
  const endpoint = env('S3_ENDPOINT', '');
  const publicUrl = env('S3_PUBLIC_URL', '');
  return {
    provider: 'aws-s3',
    providerOptions: {
      // The address browsers load files from (a CDN, or the bucket's public URL); without it the
      // provider's own object URL is stored.
      ...(publicUrl ? { baseUrl: trimTrailing(publicUrl, '/') } : {}),
      rootPath: env('S3_ROOT_PATH', ''),
      s3Options: {
        ...(endpoint ? { endpoint } : {}),
        // MinIO and most S3-compatible services address buckets by path, not by host name.
        forcePathStyle: env.bool('S3_FORCE_PATH_STYLE', !!endpoint),
        region: env('S3_REGION', 'us-east-1'),
        credentials: { accessKeyId: env('S3_ACCESS_KEY_ID', ''), secretAccessKey: env('S3_SECRET_ACCESS_KEY', '') },
        // Buckets with ACLs disabled (the AWS default since 2023) refuse an ACL header: S3_ACL= (empty) sends none.
        params: { Bucket: bucket, ACL: env('S3_ACL', 'public-read') || undefined },
      },
    },
  };
}

/** Origins the panel and the site must be allowed to load media from (Content-Security-Policy). */
export function uploadOrigins(env: Env): string[] {
  const config = s3UploadConfig(env);
  if (!config) return [];
  const { baseUrl } = config.providerOptions as { baseUrl?: string };
  const { endpoint } = config.providerOptions.s3Options as { endpoint?: string };
  const origins = [baseUrl, endpoint].filter(Boolean).map((url) => new URL(url as string).origin);
  return [...new Set(origins.length ? origins : ['https://*.amazonaws.com'])];
}

/** The middleware list with the panel's Content-Security-Policy widened to the upload origins, if any. */
export function withUploadOrigins<T>(env: Env, middlewares: T[]): T[] {
  const origins = uploadOrigins(env);
  if (!origins.length) return middlewares;
  const media = (directive: 'img-src' | 'media-src') => [...CSP_DEFAULTS[directive], ...origins];
  return extendMiddlewareConfiguration(middlewares as never[], {
    name: 'strapi::security',
    config: { contentSecurityPolicy: { directives: { 'img-src': media('img-src'), 'media-src': media('media-src') } } },
  }) as T[];
}

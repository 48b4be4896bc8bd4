import { CSP_DEFAULTS, extendMiddlewareConfiguration } from '@strapi/utils';
import { trimTrailing } from '@haic/contract';
import { isSet, setting } from './settings';
/**
 * Where uploaded media live. With S3_BUCKET set they go to S3-compatible storage (AWS S3, MinIO, R2...)
 * so that every instance serves every file; otherwise to the local disk (cms/public/uploads), which
 * several instances must then share (one volume).
 */

/**
 * What the media library takes: the raster images the site shows (a post's featured image). Nothing
 * that a browser could run as a page (HTML, SVG, XML) and no video (no page plays an uploaded one).
 * A file must be one of these by its name, by its declared type and by its first bytes.
 */
const UPLOAD_MEDIA_TYPES: Record<string, readonly string[]> = {
  'image/png': ['.png'],
  'image/jpeg': ['.jpg', '.jpeg'],
  'image/gif': ['.gif'],
  'image/webp': ['.webp'],
  'image/avif': ['.avif'],
};
const UPLOAD_REFUSED_MESSAGE = 'Only PNG, JPEG, GIF, WebP and AVIF images can be uploaded';

/** The image type a file's first bytes show, or null. */
function sniffImageType(head: Buffer): string | null {
  const ascii = (from: number, to: number) => head.subarray(from, to).toString('latin1');
  if (head.length >= 8 && head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'image/jpeg';
  if (ascii(0, 6) === 'GIF87a' || ascii(0, 6) === 'GIF89a') return 'image/gif';
  if (ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'image/webp';
  if (ascii(4, 8) === 'ftyp' && ['avif', 'avis'].includes(ascii(8, 12))) return 'image/avif';
  return null;
}

/** Whether a served file's name is one of the media types (older uploads of other types are served as downloads). */
export const isMediaFileName = (name: string): boolean => {
  const dot = name.lastIndexOf('.');
  const extension = dot >= 0 ? name.slice(dot).toLowerCase() : '';
  return Object.values(UPLOAD_MEDIA_TYPES).some((extensions) => extensions.includes(extension));
};

/** Why an incoming file is refused, or null: its first bytes, its name and its declared type must agree on one media type. */
export function uploadRefusal(head: Buffer, fileName: string, declaredType: string | undefined): string | null {
  const detected = sniffImageType(head);
  if (!detected) return `${UPLOAD_REFUSED_MESSAGE}: "${fileName}" is not one by its content`;
  const dot = fileName.lastIndexOf('.');
  const extension = dot >= 0 ? fileName.slice(dot).toLowerCase() : '';
  if (!UPLOAD_MEDIA_TYPES[detected].includes(extension)) return `${UPLOAD_REFUSED_MESSAGE}: the name "${fileName}" does not match its content (${detected})`;
  const declared = (declaredType ?? '').toLowerCase();
  if (declared && declared !== 'application/octet-stream' && declared !== detected)
    return `${UPLOAD_REFUSED_MESSAGE}: declared as ${declared}, but its content is ${detected}`;
  return null;
}

/** The upload plugin's own type rule, the first of two gates (its check trusts a name when the content is unknown). */
export const UPLOAD_SECURITY = {
  allowedTypes: Object.keys(UPLOAD_MEDIA_TYPES),
  deniedTypes: ['image/svg+xml', 'text/*', 'application/xhtml+xml', 'application/xml', 'application/javascript', 'application/pdf', 'video/*', 'audio/*'],
};

export function s3UploadConfig() {
  const bucket = setting('S3_BUCKET');
  if (!bucket) return null;
  const endpoint = setting('S3_ENDPOINT');
  const publicUrl = setting('S3_PUBLIC_URL');
  return {
    provider: 'aws-s3',
    providerOptions: {
      // The address browsers load files from (a CDN, or the bucket's public URL); without it the
      // provider's own object URL is stored.
      ...(publicUrl ? { baseUrl: trimTrailing(publicUrl, '/') } : {}),
      rootPath: setting('S3_ROOT_PATH'),
      s3Options: {
        ...(endpoint ? { endpoint } : {}),
        // MinIO and most S3-compatible services address buckets by path, not by host name.
        forcePathStyle: isSet('S3_FORCE_PATH_STYLE') ? setting('S3_FORCE_PATH_STYLE') : !!endpoint,
        region: setting('S3_REGION') || 'us-east-1',
        credentials: { accessKeyId: setting('S3_ACCESS_KEY_ID'), secretAccessKey: setting('S3_SECRET_ACCESS_KEY') },
        // Buckets with ACLs disabled (the AWS default since 2023) refuse an ACL header: S3_ACL= (empty) sends none.
        params: { Bucket: bucket, ACL: setting('S3_ACL') || undefined },
      },
    },
  };
}

/** Origins the panel and the site must be allowed to load media from (Content-Security-Policy). */
function uploadOrigins(): string[] {
  const config = s3UploadConfig();
  if (!config) return [];
  const { baseUrl } = config.providerOptions as { baseUrl?: string };
  const { endpoint } = config.providerOptions.s3Options as { endpoint?: string };
  const origins = [baseUrl, endpoint].filter(Boolean).map((url) => new URL(url as string).origin);
  return [...new Set(origins.length ? origins : ['https://*.amazonaws.com'])];
}

/** The middleware list with the panel's Content-Security-Policy widened to the upload origins, if any. */
export function withUploadOrigins<T>(middlewares: T[]): T[] {
  const origins = uploadOrigins();
  if (!origins.length) return middlewares;
  const media = (directive: 'img-src' | 'media-src') => [...CSP_DEFAULTS[directive], ...origins];
  return extendMiddlewareConfiguration(middlewares as never[], {
    name: 'strapi::security',
    config: { contentSecurityPolicy: { directives: { 'img-src': media('img-src'), 'media-src': media('media-src') } } },
  }) as T[];
}

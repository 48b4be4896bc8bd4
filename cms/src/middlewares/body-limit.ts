/**
 * 'global::body-limit' (before strapi::body): each public write route reads a body of at most its own
 * size (ROUTE_BOUNDS in the contract: a few kilobytes for sign-in, contact, tickets and scores), checked
 * from Content-Length before a byte of it is read or parsed. Over the limit: 413 naming the body. A
 * bounded route takes only a body whose length is declared (411 for a chunked one) and not compressed
 * (415: a small compressed body can inflate to any size). Other routes (the panel's) keep strapi::body's
 * global limit.
 * When the request ends, the files of a multipart body (kept in the temporary folder by strapi::body) are
 * removed: strapi::body removes only those of its `files` field, and only when the request succeeds, so each
 * refused upload (a 400 thrown by the upload rules) stayed on the disk for good.
 */
import fs from 'fs';
import type { Core } from '@strapi/strapi';
import { lengthRequired, payloadTooLarge, unsupportedEncoding } from '../utils/api-error';
import { routeBounds } from '../utils/request-limits';

const bodyLimit: Core.MiddlewareFactory = () => {
  return async (ctx, next) => {
    const bounds = routeBounds(ctx.method, ctx.path);
    if (bounds) {
      const declared = ctx.get('content-length');
      if (ctx.get('transfer-encoding')) throw lengthRequired('The request body must be sent with a Content-Length');
      if (declared && !(Number(declared) <= bounds.bodyBytes)) {
        throw payloadTooLarge(`The request body must be no more than ${bounds.bodyBytes} bytes`);
      }
      const encoding = ctx.get('content-encoding').toLowerCase();
      if (encoding && encoding !== 'identity') {
        throw unsupportedEncoding('The request body must not be compressed');
      }
    }
    try {
      await next();
    } finally {
      await removeUploadedFiles(ctx.request as { files?: Record<string, unknown> });
    }
  };
};

/** Removes the temporary files of a multipart body (each field holds a file or a list of them) left after the request. */
async function removeUploadedFiles(request: { files?: Record<string, unknown> }): Promise<void> {
  if (!request.files) return;
  const paths = Object.values(request.files)
    .flat()
    .map((file) => (file as { filepath?: unknown } | null)?.filepath)
    .filter((filepath): filepath is string => typeof filepath === 'string');
  delete request.files;
  await Promise.all(paths.map((filepath) => fs.promises.rm(filepath, { force: true })));
}

export default bodyLimit;

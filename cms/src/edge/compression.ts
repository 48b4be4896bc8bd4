/**
 * The brotli and gzip copies of a body that is the same for everyone (a page, a public read), made once for
 * all who ask for it: on libuv's threads at fast levels (brotli 5, gzip 6), so the event loop only waits.
 */
import { promisify } from 'util';
import zlib from 'zlib';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Shorter bodies are sent as they are: their compressed copies would save next to nothing. */
export const COMPRESS_MIN_BYTES = 1024;

export interface Compressed {
  br: Buffer;
  gzip: Buffer;
}

export async function compress(identity: Buffer): Promise<Compressed> {
  const [br, gz] = await Promise.all([
    brotli(identity, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: identity.length } }),
    gzip(identity, { level: 6 }),
  ]);
  return { br, gzip: gz };
}

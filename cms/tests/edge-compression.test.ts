/** The compressed copies of what is the same for everyone (src/edge/compression.ts): made once, read back whole. */
import zlib from 'zlib';
import { compress, COMPRESS_MIN_BYTES } from '../src/edge/compression';

it('brotli and gzip copies that decompress to the bytes given, and smaller for a page-like body', async () => {
  const page = Buffer.from(`<!doctype html><html><body>${'<p>Nurse help me</p>'.repeat(500)}</body></html>`);
  const { br, gzip } = await compress(page);
  expect(zlib.brotliDecompressSync(br).equals(page)).toBe(true);
  expect(zlib.gunzipSync(gzip).equals(page)).toBe(true);
  expect(br.length).toBeLessThan(page.length / 10);
  expect(gzip.length).toBeLessThan(page.length / 10);
  expect(COMPRESS_MIN_BYTES).toBe(1024);
});

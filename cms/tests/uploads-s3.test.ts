import fs from 'fs';
import os from 'os';
import path from 'path';
import { startFakeS3, type FakeS3 } from './helpers/fake-s3';
import { startTestApp, type TestApp } from './helpers/strapi';

// With S3_BUCKET set, media go to S3-compatible storage and their URLs point at S3_PUBLIC_URL, so
// every instance serves every file; the panel's Content-Security-Policy lets those URLs load.
let s3: FakeS3;
let app: TestApp;

beforeAll(async () => {
  s3 = await startFakeS3();
  app = await startTestApp({
    S3_BUCKET: 'haic-media',
    S3_ENDPOINT: s3.endpoint,
    S3_PUBLIC_URL: `${s3.endpoint}/haic-media/`,
    S3_ACCESS_KEY_ID: 'test-key',
    S3_SECRET_ACCESS_KEY: 'test-secret',
  });
});

afterAll(async () => {
  await app?.stop();
  await s3?.close();
});

it('an uploaded image is stored in the bucket, and its URL (on the storage, not an instance) serves it', async () => {
  const bytes = fs.readFileSync(path.resolve(__dirname, '../../seed/assets/blog-pulse.webp'));
  const [file] = await app.strapi
    .plugin('upload')
    .service('upload')
    .upload({
      data: { fileInfo: { name: 's3-check.webp' } },
      files: { filepath: writeTemp(bytes), originalFilename: 's3-check.webp', mimetype: 'image/webp', size: bytes.length },
    });
  expect(file.provider).toBe('aws-s3');
  expect(file.url.startsWith(`${s3.endpoint}/haic-media/`)).toBe(true);
  expect(s3.requests.some((r) => r.startsWith('PUT /haic-media/'))).toBe(true);

  const served = await fetch(file.url);
  expect(served.status).toBe(200);
  expect(served.headers.get('content-type')).toBe('image/webp');
  const body = Buffer.from(await served.arrayBuffer());
  expect(body.subarray(0, 4).toString()).toBe('RIFF');
  expect(body.subarray(8, 12).toString()).toBe('WEBP');

  await app.strapi.plugin('upload').service('upload').remove(file);
  expect((await fetch(file.url)).status).toBe(404);
});

it("the panel's Content-Security-Policy allows images and media from the storage's origin", async () => {
  const response = await app.http.get('/cms').set('Accept', 'text/html');
  const csp = String(response.headers['content-security-policy']);
  expect(csp).toMatch(new RegExp(`img-src [^;]*${s3.endpoint.replace(/[.:/]/g, '\\$&')}`));
  expect(csp).toMatch(new RegExp(`media-src [^;]*${s3.endpoint.replace(/[.:/]/g, '\\$&')}`));
});

function writeTemp(bytes: Buffer) {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'haic-s3-')), 'upload.webp');
  fs.writeFileSync(file, bytes);
  return file;
}

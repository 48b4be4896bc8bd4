/**
 * Uploads cannot run as the site: the media library takes raster images only, by their bytes, their
 * name and their declared type together, for Editors, Authors and Super Admins alike; whatever is
 * served from /uploads comes in a sandbox (no script), without type sniffing, and a file of any other
 * type (from before this rule) is a download.
 */
import crypto from 'crypto';
import fs from 'fs';
import os from 'os';
import path from 'path';
import request from 'supertest';
import { startTestApp, type TestApp } from './helpers/strapi';

let app: TestApp;
const tokens: Record<string, string> = {};
const UPLOADS_DIR = path.resolve(__dirname, '..', 'public', 'uploads');

const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c63f8cfc0f01f00050001ff89993d1d0000000049454e44ae426082',
  'hex',
);
const JPEG = Buffer.from(
  'ffd8ffe000104a46494600010100000100010000ffdb004300' +
    '08'.repeat(64) +
    'ffc0000b080001000101011100ffc4001f0000010501010101010100000000000000000102030405060708090a0bffda0008010100003f00d2cf20ffd9',
  'hex',
);
const WEBP = fs.readFileSync(path.resolve(__dirname, '..', '..', 'seed', 'assets', 'blog-pulse.webp'));
const HTML = Buffer.from('<!doctype html><script src="/uploads/steal.js"></script><h1>hello</h1>');
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(document.cookie)</script></svg>');

beforeAll(async () => {
  app = await startTestApp();
  for (const [role, code] of [
    ['editor', 'strapi-editor'],
    ['author', 'strapi-author'],
    ['super', 'strapi-super-admin'],
  ] as const) {
    const found = await app.strapi.db.query('admin::role').findOne({ where: { code } });
    const email = `${role}-uploads@example.com`;
    await app.strapi
      .service('admin::user')
      .create({ email, firstname: 'Up', lastname: role, password: 'Panel-Pass-123', isActive: true, registrationToken: null, roles: [found.id] });
    const login = await request(app.strapi.server.httpServer).post('/admin/login').send({ email, password: 'Panel-Pass-123' });
    tokens[role] = login.body.data.token ?? login.body.data.accessToken;
  }
}, 300_000);
afterAll(async () => {
  await app.stop();
});

const upload = (role: string, content: Buffer, filename: string, contentType: string) =>
  request(app.strapi.server.httpServer)
    .post('/upload')
    .set('Authorization', `Bearer ${tokens[role]}`)
    .field('fileInfo', JSON.stringify({ name: filename }))
    .attach('files', content, { filename, contentType });

const storedFiles = () => app.strapi.db.query('plugin::upload.file').count({});
/** Files on disk named after an upload (other test files upload into the same folder at the same time). */
const filesOnDiskFor = (filename: string) => {
  const base = `${path.parse(filename).name}_`;
  return fs.existsSync(UPLOADS_DIR) ? fs.readdirSync(UPLOADS_DIR).filter((name) => name.startsWith(base)).length : 0;
};

/** Files in the temporary folder (where the multipart body's files go) with these very bytes. */
const temporaryCopiesOf = (content: Buffer) =>
  fs
    .readdirSync(os.tmpdir(), { withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(os.tmpdir(), entry.name))
    .filter((file) => {
      try {
        return fs.statSync(file).size === content.length && fs.readFileSync(file).equals(content);
      } catch {
        return false; // another process's file, removed meanwhile
      }
    });

describe('what the media library refuses', () => {
  const REFUSED: [string, Buffer, string, string][] = [
    ['an HTML page', HTML, 'page.html', 'text/html'],
    ['an SVG with a script', SVG, 'logo.svg', 'image/svg+xml'],
    ['an HTML page named .png, declared image/png', HTML, 'photo.png', 'image/png'],
    ['an SVG named .jpg, declared image/jpeg', SVG, 'photo.jpg', 'image/jpeg'],
    ['a script named .png', Buffer.from('fetch("/admin/users",{method:"POST"})'), 'steal.png', 'image/png'],
    ['a real PNG named .html', PNG, 'page.html', 'text/html'],
    ['a real PNG named .html, declared image/png', PNG, 'page.html', 'image/png'],
    ['a real PNG named .svg', PNG, 'logo.svg', 'image/png'],
    ['a real PNG declared text/html', PNG, 'photo.png', 'text/html'],
    ['a file with no name type', PNG, 'photo', 'image/png'],
    ['an MP4 video', Buffer.concat([Buffer.from('000000186674797069736f6d', 'hex'), Buffer.alloc(64)]), 'clip.mp4', 'video/mp4'],
  ];

  for (const role of ['editor', 'author', 'super']) {
    it.each(REFUSED)(`${role}: %s is refused with a 400, and nothing is stored nor left in the temporary folder`, async (_what, content, filename, type) => {
      const [rows, disk] = [await storedFiles(), filesOnDiskFor(filename)];
      // Bytes after the file's own end mark this upload's copy among the temporary folder's files.
      const marked = Buffer.concat([content, Buffer.from(`<!-- ${crypto.randomUUID()} -->`)]);
      const response = await upload(role, marked, filename, type);
      expect(response.status).toBe(400);
      expect(response.body.error.message).toMatch(/Only PNG, JPEG, GIF, WebP and AVIF images can be uploaded|not allowed/);
      expect(await storedFiles()).toBe(rows);
      expect(filesOnDiskFor(filename)).toBe(disk);
      expect(temporaryCopiesOf(marked)).toEqual([]);
    });
  }

  it('replacing an image with an HTML page is refused too', async () => {
    const created = await upload('editor', PNG, 'swap.png', 'image/png');
    expect(created.status).toBe(201);
    const [file] = created.body;
    const replaced = await request(app.strapi.server.httpServer)
      .post(`/upload?id=${file.id}`)
      .set('Authorization', `Bearer ${tokens.editor}`)
      .field('fileInfo', JSON.stringify({ name: 'swap.png' }))
      .attach('files', HTML, { filename: 'swap.png', contentType: 'image/png' });
    expect(replaced.status).toBe(400);
    const served = await request(app.strapi.server.httpServer).get(file.url);
    expect(served.status).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
  });
});

describe('what it takes, and how /uploads serves it', () => {
  it.each([
    ['a PNG', PNG, 'pixel.png', 'image/png'],
    ['a JPEG', JPEG, 'pixel.jpg', 'image/jpeg'],
    ['a WebP', WEBP, 'pulse.webp', 'image/webp'],
  ])('%s uploads and is served as an image in a sandbox', async (_what, content, filename, type) => {
    const response = await upload('author', content, filename, type);
    expect(response.body.error?.message ?? null).toBeNull();
    expect(response.status).toBe(201);
    const served = await request(app.strapi.server.httpServer).get(response.body[0].url);
    expect(served.status).toBe(200);
    expect(served.headers['content-type']).toBe(type);
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['content-security-policy']).toMatch(/^default-src 'none';.*\bsandbox$/);
    expect(served.headers['content-security-policy']).not.toMatch(/script-src/);
    expect(served.headers['content-disposition']).toBeUndefined();
  });

  it('a file already on disk from before the rule (an HTML page) is a sandboxed download, never a page', async () => {
    fs.mkdirSync(UPLOADS_DIR, { recursive: true });
    const old = path.join(UPLOADS_DIR, 'legacy_page_test.html');
    fs.writeFileSync(old, HTML);
    try {
      const served = await request(app.strapi.server.httpServer).get('/uploads/legacy_page_test.html');
      expect(served.status).toBe(200);
      expect(served.headers['content-disposition']).toBe('attachment');
      expect(served.headers['x-content-type-options']).toBe('nosniff');
      expect(served.headers['content-security-policy']).toMatch(/\bsandbox$/);
    } finally {
      fs.rmSync(old, { force: true });
    }
  });
});

import http from 'http';
import type { AddressInfo } from 'net';

/**
 * A loopback stand-in for S3-compatible storage (the real one is outside this machine): path-style
 * PUT, GET and DELETE of objects, kept in memory. Signatures are not checked; the aws-chunked upload
 * encoding the AWS SDK uses for streamed bodies is decoded.
 */
export interface FakeS3 {
  endpoint: string;
  objects: Map<string, { body: Buffer; type: string }>;
  requests: string[];
  close: () => Promise<void>;
}

function decodeAwsChunked(raw: Buffer): Buffer {
  const parts: Buffer[] = [];
  let at = 0;
  while (at < raw.length) {
    const lineEnd = raw.indexOf('\r\n', at);
    if (lineEnd < 0) break;
    const size = parseInt(raw.subarray(at, lineEnd).toString().split(';')[0], 16);
    if (!size) break;
    parts.push(raw.subarray(lineEnd + 2, lineEnd + 2 + size));
    at = lineEnd + 2 + size + 2;
  }
  return Buffer.concat(parts);
}

export async function startFakeS3(): Promise<FakeS3> {
  const objects = new Map<string, { body: Buffer; type: string }>();
  const requests: string[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk) => chunks.push(chunk));
    req.on('end', () => {
      const key = decodeURIComponent((req.url ?? '/').split('?')[0]);
      requests.push(`${req.method} ${key}`);
      if (req.method === 'PUT') {
        const raw = Buffer.concat(chunks);
        const chunked =
          String(req.headers['content-encoding'] ?? '').includes('aws-chunked') || String(req.headers['x-amz-content-sha256'] ?? '').startsWith('STREAMING-');
        objects.set(key, { body: chunked ? decodeAwsChunked(raw) : raw, type: String(req.headers['content-type'] ?? 'application/octet-stream') });
        res.writeHead(200, { ETag: '"fake"' }).end();
      } else if (req.method === 'GET' || req.method === 'HEAD') {
        const object = objects.get(key);
        if (!object) res.writeHead(404).end();
        else res.writeHead(200, { 'Content-Type': object.type, 'Content-Length': object.body.length }).end(req.method === 'GET' ? object.body : undefined);
      } else if (req.method === 'DELETE') {
        objects.delete(key);
        res.writeHead(204).end();
      } else {
        res.writeHead(405).end();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { endpoint: `http://127.0.0.1:${port}`, objects, requests, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

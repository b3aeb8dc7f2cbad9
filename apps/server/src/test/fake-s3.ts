import { createHash, createHmac } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A small S3-compatible object store for tests of our S3 adapter (no S3 service is reachable here): path-style
 * PUT/GET of objects in one bucket, and every request's AWS Signature V4 checked independently of the client
 * library, from the canonical request the specification defines. Bad signatures answer 403 SignatureDoesNotMatch.
 */
export interface FakeS3 {
  endpoint: string;
  objects: Map<string, { body: Buffer; contentType: string | undefined }>;
  /** Requests seen, as `METHOD /bucket/key`. */
  log: string[];
  close(): Promise<void>;
}

const hmac = (key: Buffer | string, data: string) => createHmac('sha256', key).update(data).digest();
const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest('hex');

function expectedSignature(
  req: IncomingMessage,
  body: Buffer,
  secret: string,
  region: string,
): string | null {
  const auth = req.headers.authorization ?? '';
  const match =
    /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, SignedHeaders=([^,]+), Signature=([0-9a-f]{64})$/.exec(
      auth,
    );
  if (!match || match[3] !== region) return null;
  const [, , day, , signedHeaders] = match;
  const url = new URL(req.url ?? '/', 'http://x');
  const canonicalHeaders = signedHeaders!
    .split(';')
    .map(
      (h) =>
        `${h}:${String(req.headers[h] ?? '')
          .trim()
          .replace(/\s+/g, ' ')}\n`,
    )
    .join('');
  const payloadHash = String(req.headers['x-amz-content-sha256'] ?? sha256(body));
  if (payloadHash !== 'UNSIGNED-PAYLOAD' && payloadHash !== sha256(body)) return null;
  const canonicalQuery = [...url.searchParams]
    .map(([k, v]) => `${k}=${v}`)
    .sort()
    .join('&');
  const canonical = [
    req.method,
    url.pathname,
    canonicalQuery,
    canonicalHeaders,
    signedHeaders,
    payloadHash,
  ].join('\n');
  const amzDate = String(req.headers['x-amz-date'] ?? '');
  const scope = `${day}/${region}/s3/aws4_request`;
  const toSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256(canonical)].join('\n');
  const kDate = hmac(`AWS4${secret}`, day!);
  const kSigning = hmac(hmac(hmac(kDate, region), 's3'), 'aws4_request');
  return hmac(kSigning, toSign).toString('hex') === match[5] ? 'ok' : null;
}

export async function startFakeS3(opts: {
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
}): Promise<FakeS3> {
  const objects: FakeS3['objects'] = new Map();
  const log: string[] = [];
  const xmlError = (code: string) => `<?xml version="1.0"?><Error><Code>${code}</Code></Error>`;
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    log.push(`${req.method} ${path}`);
    const send = (status: number, payload: string | Buffer, type = 'application/xml') => {
      res.writeHead(status, { 'content-type': type });
      res.end(payload);
    };
    if (!(req.headers.authorization ?? '').includes(`Credential=${opts.accessKeyId}/`)) {
      return send(403, xmlError('InvalidAccessKeyId'));
    }
    if (!expectedSignature(req, body, opts.secretAccessKey, opts.region)) {
      return send(403, xmlError('SignatureDoesNotMatch'));
    }
    const prefix = `/${opts.bucket}/`;
    if (!path.startsWith(prefix)) return send(404, xmlError('NoSuchBucket'));
    const key = decodeURIComponent(path.slice(prefix.length));
    if (req.method === 'PUT') {
      objects.set(key, { body, contentType: req.headers['content-type'] });
      return send(200, '');
    }
    if (req.method === 'GET') {
      const object = objects.get(key);
      if (!object) return send(404, xmlError('NoSuchKey'));
      return send(200, object.body, object.contentType ?? 'application/octet-stream');
    }
    return send(405, xmlError('MethodNotAllowed'));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    objects,
    log,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

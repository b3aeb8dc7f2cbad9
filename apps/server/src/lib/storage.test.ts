import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { type FakeS3, startFakeS3 } from '../test/fake-s3.ts';
import { createLocalStorage, createS3Storage, createStorage } from './storage.ts';

const S3 = {
  bucket: 'rally-test',
  accessKeyId: 'AKIDTEST',
  secretAccessKey: 'secret-test-key',
  region: 'eu-west-1',
};

describe('local storage', () => {
  const root = mkdtempSync(join(tmpdir(), 'rally-storage-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('stores and reads a file by key, and answers null for a missing key', async () => {
    const storage = createLocalStorage(root);
    await storage.put('client-a/file.webp', Buffer.from('hello'));
    expect((await storage.get('client-a/file.webp'))?.toString()).toBe('hello');
    expect(await storage.get('client-a/missing.webp')).toBeNull();
  });

  it('stores a file by path, moving it into place', async () => {
    const storage = createLocalStorage(root);
    const source = join(root, 'incoming.part');
    writeFileSync(source, 'video bytes');
    await storage.putFile('client-a/clip.mp4', source, 'video/mp4');
    expect((await storage.get('client-a/clip.mp4'))?.toString()).toBe('video bytes');
    expect(existsSync(source)).toBe(false);
  });

  it('refuses keys that would leave its directory', async () => {
    const storage = createLocalStorage(root);
    await expect(storage.put('../escape.txt', Buffer.from('x'))).rejects.toThrow('Invalid storage key');
    await expect(storage.get('a/../../etc/passwd')).rejects.toThrow('Invalid storage key');
  });
});

describe('S3-compatible storage', () => {
  let s3: FakeS3;
  const dir = mkdtempSync(join(tmpdir(), 'rally-storage-s3-'));
  beforeAll(async () => {
    s3 = await startFakeS3(S3);
  });
  afterAll(async () => {
    await s3.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('puts objects path-style with a valid signature and content type, and gets them back', async () => {
    const storage = createS3Storage({ kind: 's3', endpoint: s3.endpoint, prefix: 'uploads/', ...S3 });
    const body = Buffer.from([0, 1, 2, 250, 255]);
    await storage.put('client-a/0193-id.webp', body, 'image/webp');
    expect(s3.log.at(-1)).toBe('PUT /rally-test/uploads/client-a/0193-id.webp');
    expect(s3.objects.get('uploads/client-a/0193-id.webp')).toEqual({ body, contentType: 'image/webp' });
    expect(await storage.get('client-a/0193-id.webp')).toEqual(body);
  });

  it('puts a file from disk as a stream of known length, signed, and reads it back', async () => {
    const storage = createS3Storage({ kind: 's3', endpoint: s3.endpoint, prefix: '', ...S3 });
    const source = join(dir, 'clip.part');
    const body = Buffer.alloc(3 * 1024 * 1024, 7);
    writeFileSync(source, body);
    await storage.putFile('client-a/clip.mp4', source, 'video/mp4');
    const object = s3.objects.get('client-a/clip.mp4');
    expect(object?.contentType).toBe('video/mp4');
    expect(object?.body.equals(body)).toBe(true);
    expect(existsSync(source)).toBe(true);
  });

  it('sends a file with Content-Length (S3 takes no chunked bodies) and resends it whole after a 503', async () => {
    const seen: { length?: string; chunked?: string; bytes: number }[] = [];
    const server = createServer(async (req: IncomingMessage, res) => {
      let bytes = 0;
      for await (const chunk of req) bytes += (chunk as Buffer).length;
      seen.push({ length: req.headers['content-length'], chunked: req.headers['transfer-encoding'], bytes });
      res.writeHead(seen.length === 1 ? 503 : 200).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const source = join(dir, 'retry.part');
    writeFileSync(source, Buffer.alloc(200_000, 1));
    try {
      await createS3Storage({ kind: 's3', endpoint, prefix: '', ...S3 }).putFile(
        'a/b.pdf',
        source,
        'application/pdf',
      );
    } finally {
      server.close();
    }
    expect(seen).toEqual([
      { length: '200000', chunked: undefined, bytes: 200_000 },
      { length: '200000', chunked: undefined, bytes: 200_000 },
    ]);
    expect(readFileSync(source).length).toBe(200_000);
  });

  it('answers null for a missing object', async () => {
    const storage = createS3Storage({ kind: 's3', endpoint: s3.endpoint, prefix: '', ...S3 });
    expect(await storage.get('client-a/none.webp')).toBeNull();
  });

  it('raises the service error when credentials are wrong', async () => {
    const storage = createS3Storage({
      kind: 's3',
      endpoint: s3.endpoint,
      prefix: '',
      ...S3,
      secretAccessKey: 'wrong',
    });
    await expect(storage.put('client-a/x.webp', Buffer.from('x'))).rejects.toThrow(
      'S3 upload of client-a/x.webp failed with 403: SignatureDoesNotMatch',
    );
    expect(s3.objects.has('client-a/x.webp')).toBe(false);
  });
});

describe('storage configuration', () => {
  it('is local disk without S3_BUCKET, S3 with it', () => {
    expect(createStorage(loadConfig({}).storage, '/tmp/x').kind).toBe('local');
    const config = loadConfig({
      S3_BUCKET: 'media',
      S3_ENDPOINT: 'http://127.0.0.1:9000/',
      S3_ACCESS_KEY_ID: 'a',
      S3_SECRET_ACCESS_KEY: 'b',
    }).storage;
    expect(config).toMatchObject({ kind: 's3', bucket: 'media', endpoint: 'http://127.0.0.1:9000' });
    expect(createStorage(config, '/tmp/x').kind).toBe('s3');
  });

  it('names the missing credentials', () => {
    expect(() => loadConfig({ S3_BUCKET: 'media' })).toThrow(
      'S3_BUCKET needs S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY',
    );
  });
});

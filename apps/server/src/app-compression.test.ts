import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, DEMO_HOST, type TestApp } from './test/build-test-app.ts';
import { clientIds, createNotifications, createUser, headersFor, uploadFile } from './test/factories.ts';

let t: TestApp;
let ids: { demo: string; acme: string };
let member: string;
beforeAll(async () => {
  t = await buildTestApp();
  ids = await clientIds(t.ctx.db);
  const user = await createUser(t.ctx.db, { clientId: ids.demo });
  // A page of 50 notifications: an answer of several KB.
  await createNotifications(t.ctx.db, 50, { clientId: ids.demo, userId: user.id });
  member = await t.login(user.email!);
});
afterAll(() => t.close());

const get = (url: string, token: string, acceptEncoding?: string) =>
  t.app.inject({
    url,
    headers: {
      ...headersFor(token),
      ...(acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding }),
    },
  });

describe('compression of API answers', () => {
  it.each([
    ['br, gzip, deflate', 'br', brotliDecompressSync],
    ['gzip', 'gzip', gunzipSync],
    ['br;q=0, gzip', 'gzip', gunzipSync],
  ])('compresses a large answer for %s with %s, to the same JSON', async (accept, encoding, decode) => {
    const plain = await get('/api/notifications?limit=50', member);
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(4096);

    const res = await get('/api/notifications?limit=50', member, accept);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe(encoding);
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    // Above the plugin's synchronous size the body streams out (chunked): never with the plain length.
    expect(res.headers['content-length']).not.toBe(String(plain.rawPayload.length));
    expect(res.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(JSON.parse(decode(res.rawPayload).toString())).toEqual(plain.json());
  });

  it('sends the large answer as it is without an accepted encoding', async () => {
    for (const accept of [undefined, 'identity', 'deflate', 'br;q=0, gzip;q=0']) {
      const res = await get('/api/notifications?limit=50', member, accept);
      expect(res.headers['content-encoding'], accept).toBeUndefined();
      expect(res.json().notifications, accept).toHaveLength(50);
    }
  });

  it('leaves the small hot reads (bootstrap, me) uncompressed', async () => {
    for (const url of ['/api/bootstrap', '/api/me']) {
      const res = await get(url, member, 'br, gzip');
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-encoding'], url).toBeUndefined();
      expect(res.rawPayload.length, url).toBeLessThan(4096);
      expect(res.json(), url).toBeTypeOf('object');
    }
  });

  it('never compresses an uploaded image on its way out', async () => {
    const admin = await t.login('admin@demo.test');
    // Noise stays large once re-encoded, well above the threshold.
    const noise = await sharp({
      create: {
        width: 400,
        height: 400,
        channels: 3,
        background: '#000',
        noise: { type: 'gaussian', mean: 128, sigma: 60 },
      },
    })
      .png()
      .toBuffer();
    const url = await uploadFile(t.app, admin, { type: 'creative', objectId: ids.demo, body: noise });
    const plain = await get(url, admin);
    expect(plain.statusCode).toBe(200);
    expect(plain.rawPayload.length).toBeGreaterThan(4096);
    const res = await get(url, admin, 'br, gzip');
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers['content-type']).toBe(plain.headers['content-type']);
    expect(res.rawPayload.equals(plain.rawPayload)).toBe(true);
  });

  it('does not touch the live channel (text/event-stream): its first event arrives uncompressed', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const { encoding, type, text } = await new Promise<{ encoding?: string; type?: string; text: string }>(
      (resolve, reject) => {
        const req = httpRequest(
          {
            host: '127.0.0.1',
            port,
            path: '/api/notifications/stream',
            headers: { ...headersFor(member, DEMO_HOST), 'accept-encoding': 'br, gzip' },
          },
          (res) => {
            let body = '';
            res.setEncoding('utf8');
            res.on('data', (chunk: string) => {
              body += chunk;
              // The stream stays open: its first event arriving at all shows nothing holds it back.
              if (body.includes('\n\n')) {
                req.destroy();
                resolve({
                  encoding: res.headers['content-encoding'],
                  type: res.headers['content-type'],
                  text: body,
                });
              }
            });
          },
        );
        req.on('error', reject);
        req.end();
      },
    );
    expect(type).toMatch(/^text\/event-stream/);
    expect(encoding).toBeUndefined();
    expect(text).toBe('retry: 5000\n\n');
  });
});

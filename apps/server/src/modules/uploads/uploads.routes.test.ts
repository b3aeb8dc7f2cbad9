import { UPLOAD_RATE_WINDOW_MS } from '@rally/shared';
import { count, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { uploads } from '../../db/schema/index.ts';
import { ACME_HOST, buildTestApp, DEMO_HOST, type TestApp } from '../../test/build-test-app.ts';
import { expectBlockedWhilePaused, expectSessionRequired } from '../../test/expectations.ts';
import { clientIds, createUser, headersFor, userByEmail } from '../../test/factories.ts';

let t: TestApp;
let ids: { demo: string; acme: string };
let memberToken: string;
let adminToken: string;
let png: Buffer;
beforeAll(async () => {
  t = await buildTestApp();
  ids = await clientIds(t.ctx.db);
  memberToken = await t.login('member@demo.test');
  adminToken = await t.login('admin@demo.test');
  png = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#f00' } })
    .png()
    .toBuffer();
});
afterAll(() => t.close());

/** A multipart body; fields are sent in the given order. */
function form(fields: {
  type?: string;
  objectId?: string;
  file?: Buffer;
  fileName?: string;
  fileField?: string;
}) {
  const body = new FormData();
  if (fields.type !== undefined) body.append('type', fields.type);
  if (fields.objectId !== undefined) body.append('objectId', fields.objectId);
  if (fields.file)
    body.append(
      fields.fileField ?? 'file',
      new Blob([fields.file], { type: 'image/png' }),
      fields.fileName ?? 'photo.png',
    );
  return body;
}
const upload = (token: string, payload: FormData, host = DEMO_HOST) =>
  t.app.inject({ method: 'POST', url: '/api/upload', headers: headersFor(token, host), payload });
const uploadCount = async () => (await t.ctx.db.select({ n: count() }).from(uploads))[0]!.n;

describe('POST /api/upload', () => {
  it('answers 401 without a valid session of this client', async () => {
    await expectSessionRequired(t, {
      method: 'POST',
      url: '/api/upload',
      payload: form({ type: 'avatar', objectId: ids.demo, file: png }),
    });
  });

  it('answers 400 naming what is missing or wrong, and stores nothing', async () => {
    // Uploads are limited per member and minute, so the many refused ones here come from a member of their own.
    const user = await createUser(t.ctx.db, { clientId: ids.demo });
    const token = await t.login(user.email!);
    const before = await uploadCount();
    const cases: [FormData | object | undefined, RegExp][] = [
      [{ type: 'avatar' }, /multipart\/form-data/],
      [undefined, /multipart\/form-data/],
      [form({ objectId: ids.demo, file: png }), /type is required/],
      [form({ type: 'selfie', objectId: ids.demo, file: png }), /type must be one of avatar, client-logo/],
      [form({ type: 'avatar', file: png }), /objectId is required/],
      [form({ type: 'avatar', objectId: ids.demo }), /file is required/],
      [form({ type: 'avatar', objectId: ids.demo, file: Buffer.alloc(0) }), /file is required/],
      [form({ type: 'avatar', objectId: ids.demo, file: png, fileField: 'document' }), /field "file"/],
    ];
    for (const [payload, message] of cases) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/upload',
        headers: headersFor(token),
        payload: payload as object,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(message);
    }
    expect(await uploadCount()).toBe(before);
  });

  it('answers 400 for a truncated or corrupt PNG', async () => {
    const before = await uploadCount();
    for (const broken of [
      png.subarray(0, Math.floor(png.length / 2)),
      Buffer.concat([png.subarray(0, 60), Buffer.alloc(500, 7)]),
    ]) {
      const res = await upload(memberToken, form({ type: 'avatar', objectId: ids.demo, file: broken }));
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('The image could not be read: it may be damaged or truncated');
    }
    expect(await uploadCount()).toBe(before);
  });

  it('answers 415 for a file whose bytes are not an accepted type, whatever its name', async () => {
    const res = await upload(
      memberToken,
      form({
        type: 'avatar',
        objectId: ids.demo,
        file: Buffer.from('just some text, not a picture'),
        fileName: 'x.png',
      }),
    );
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({ code: 'unsupported_type' });
    expect(res.json().message).toMatch(/not accepted for avatar: send JPEG, PNG, WebP, GIF or AVIF images/);
    const pdf = await upload(
      memberToken,
      form({
        type: 'avatar',
        objectId: ids.demo,
        file: Buffer.from('%PDF-1.4\n%âãÏÓ\n1 0 obj\n<<>>\nendobj\n'),
        fileName: 'cv.pdf',
      }),
    );
    expect(pdf.statusCode).toBe(415);
  });

  it('answers 413 for an image over 10 MB, and for more than one file', async () => {
    // An uncompressed PNG: a real image whose bytes pass the type check, only too large.
    const big = await sharp({ create: { width: 2000, height: 1800, channels: 3, background: '#0f0' } })
      .png({ compressionLevel: 0 })
      .toBuffer();
    expect(big.length).toBeGreaterThan(10 * 1024 * 1024);
    const before = await uploadCount();
    const res = await upload(memberToken, form({ type: 'post', objectId: ids.demo, file: big }));
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({
      message: 'File is too large: image files may be at most 10 MB',
      code: 'too_large',
    });

    const two = form({ type: 'avatar', objectId: ids.demo, file: png });
    two.append('file', new Blob([png]), 'second.png');
    expect((await upload(memberToken, two)).statusCode).toBe(413);
    expect(await uploadCount()).toBe(before);
  });

  it('answers 403 to a member sending an admin-only type, or the id of another client', async () => {
    const before = await uploadCount();
    for (const type of ['client-logo', 'client-home-image', 'favicon', 'creative', 'training']) {
      const res = await upload(memberToken, form({ type, objectId: ids.demo, file: png }));
      expect(res.statusCode, type).toBe(403);
      expect(res.json().message).toBe(`Only admins may upload ${type} files`);
    }
    const foreign = await upload(memberToken, form({ type: 'avatar', objectId: ids.acme, file: png }));
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().message).toMatch(/objectId/);
    // An admin may not send another client's id either.
    expect(
      (await upload(adminToken, form({ type: 'client-logo', objectId: ids.acme, file: png }))).statusCode,
    ).toBe(403);
    expect(await uploadCount()).toBe(before);
  });

  it('answers 403 client_paused to a member of a paused client', async () => {
    await expectBlockedWhilePaused(
      t,
      {
        method: 'POST',
        url: '/api/upload',
        payload: form({ type: 'avatar', objectId: ids.demo, file: png }),
      },
      { member: memberToken, admin: adminToken },
    );
  });

  it('limits a member to 30 uploads in 30 minutes, saying when to try again', async () => {
    const user = await createUser(t.ctx.db, { clientId: ids.demo });
    const token = await t.login(user.email!);
    const windowStart = Math.ceil(Date.now() / UPLOAD_RATE_WINDOW_MS) * UPLOAD_RATE_WINDOW_MS;
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(windowStart + 60_000);
      // Refused attempts count too: each one costs reading a body.
      for (let i = 0; i < 30; i++)
        expect((await upload(token, form({ type: 'avatar', objectId: ids.demo }))).statusCode).toBe(400);
      // Ten minutes on, a per-minute limit would have let the member go on.
      vi.setSystemTime(windowStart + 10 * 60_000);
      const limited = await upload(token, form({ type: 'avatar', objectId: ids.demo, file: png }));
      expect(limited.statusCode).toBe(429);
      expect(limited.headers['retry-after']).toBe('1200');
      expect(limited.json()).toEqual({
        message: 'You can upload at most 30 files in 30 minutes. Try again in 20 min.',
        code: 'rate_limited',
      });
      vi.setSystemTime(windowStart + UPLOAD_RATE_WINDOW_MS);
      expect((await upload(token, form({ type: 'avatar', objectId: ids.demo, file: png }))).statusCode).toBe(
        200,
      );
    } finally {
      vi.useRealTimers();
    }
  });

  it('stores an avatar as WebP of at most 512 px, served on this host only', async () => {
    const res = await upload(memberToken, form({ type: 'avatar', objectId: ids.demo, file: png }));
    expect(res.statusCode).toBe(200);
    const { url, message } = res.json();
    expect(message).toBe('File uploaded');
    expect(url).toMatch(/^\/api\/files\/[0-9a-f-]{36}\.webp$/);

    const file = await t.app.inject({ url, headers: { host: DEMO_HOST } });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/webp');
    const meta = await sharp(file.rawPayload).metadata();
    expect(meta.format).toBe('webp');
    expect(Math.max(meta.width!, meta.height!)).toBeLessThanOrEqual(512);

    const member = await userByEmail(t.ctx.db, 'member@demo.test');
    const [row] = await t.ctx.db
      .select()
      .from(uploads)
      .where(eq(uploads.id, url.slice(11, 47)));
    expect(row).toMatchObject({
      clientId: ids.demo,
      userId: member.id,
      type: 'avatar',
      contentType: 'image/webp',
      size: file.rawPayload.length,
    });

    const onAcme = await t.app.inject({ url, headers: { host: ACME_HOST } });
    expect(onAcme.statusCode).toBe(404);
    expect(onAcme.json()).toEqual({ message: 'File not found' });
  });

  it('keeps the aspect of a post image and lets an admin upload the client logo', async () => {
    const post = await upload(memberToken, form({ type: 'post', objectId: ids.demo, file: png }));
    expect(post.statusCode).toBe(200);
    const postFile = await t.app.inject({ url: post.json().url, headers: { host: DEMO_HOST } });
    expect(await sharp(postFile.rawPayload).metadata()).toMatchObject({ width: 800, height: 600 });

    const logo = await upload(adminToken, form({ type: 'client-logo', objectId: ids.demo, file: png }));
    expect(logo.statusCode).toBe(200);
    const logoFile = await t.app.inject({ url: logo.json().url, headers: { host: DEMO_HOST } });
    expect(await sharp(logoFile.rawPayload).metadata()).toMatchObject({ width: 512, height: 384 });
  });
});

describe('GET /api/files/{name}', () => {
  it('answers 400 for an over-long name and 404 for unknown or malformed names', async () => {
    const long = await t.app.inject({ url: `/api/files/${'a'.repeat(61)}`, headers: { host: DEMO_HOST } });
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toMatch(/name/);
    for (const name of ['0190a0a0-0000-7000-8000-000000000000.webp', 'nope.png', '..%2F..%2Fetc%2Fpasswd']) {
      const res = await t.app.inject({ url: `/api/files/${name}`, headers: { host: DEMO_HOST } });
      expect(res.statusCode, name).toBe(404);
    }
  });

  it("answers 404 on this host for another client's file, which its own host serves", async () => {
    const acmeAdmin = await t.login('admin@acme.test');
    const res = await upload(
      acmeAdmin,
      form({ type: 'client-logo', objectId: ids.acme, file: png }),
      ACME_HOST,
    );
    expect(res.statusCode).toBe(200);
    const { url } = res.json();
    expect((await t.app.inject({ url, headers: { host: DEMO_HOST } })).statusCode).toBe(404);
    const own = await t.app.inject({ url, headers: { host: ACME_HOST } });
    expect(own.statusCode).toBe(200);
    expect(own.headers['x-content-type-options']).toBe('nosniff');
  });

  it('serves files without a session, as public images', async () => {
    const { url } = (
      await upload(memberToken, form({ type: 'avatar', objectId: ids.demo, file: png }))
    ).json();
    const res = await t.app.inject({ url, headers: { host: DEMO_HOST } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('max-age=31536000');
  });
});

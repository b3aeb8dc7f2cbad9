import { UPLOAD_CONCURRENT_MAX } from '@rally/shared';
import { count } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { uploads } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { clientIds, createUser, headersFor } from '../../test/factories.ts';
import { ftyp } from './media-fixtures.ts';
import { form, storedFiles, streamedForm, tempFiles, waitFor } from './uploads-test-helpers.ts';

const MB = 1024 * 1024;
let t: TestApp;
let demo: string;
let png: Buffer;
beforeAll(async () => {
  t = await buildTestApp();
  demo = (await clientIds(t.ctx.db)).demo;
  png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#36c' } })
    .png()
    .toBuffer();
});
afterAll(() => t.close());
afterEach(() => {
  expect(tempFiles(t.ctx)).toEqual([]);
});

/** A fresh member, so the upload quota of one test does not reach the next. */
async function memberToken() {
  const user = await createUser(t.ctx.db, { clientId: demo });
  return t.login(user.email!);
}
const uploadCount = async () => (await t.ctx.db.select({ n: count() }).from(uploads))[0]!.n;
const send = (token: string, body: ReturnType<typeof streamedForm>) =>
  t.app.inject({
    method: 'POST',
    url: '/api/upload',
    headers: { ...headersFor(token), 'content-type': body.contentType },
    payload: body.payload,
  });
/** Lets any reading still going on after the answer happen before it is measured. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 200));

describe('POST /api/upload reads no more than it must', () => {
  it('answers 413 once an avatar passes 10 MB, without reading the other 50 MB, and closes the connection', async () => {
    const token = await memberToken();
    const before = { rows: await uploadCount(), files: storedFiles(t.ctx).length };
    const body = streamedForm({
      before: { type: 'avatar', objectId: demo },
      head: png.subarray(0, 64),
      size: 60 * MB,
    });
    const res = await send(token, body);
    await settle();
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({
      message: 'File is too large: image files may be at most 10 MB',
      code: 'too_large',
    });
    expect(res.headers.connection).toBe('close');
    expect(body.state.pulled).toBeGreaterThan(10 * MB);
    expect(body.state.pulled).toBeLessThan(12 * MB);
    expect(await uploadCount()).toBe(before.rows);
    expect(storedFiles(t.ctx)).toHaveLength(before.files);
  });

  it('answers 415 from the first bytes of a file that is not an accepted kind, reading little of it', async () => {
    const token = await memberToken();
    const body = streamedForm({
      before: { type: 'avatar', objectId: demo },
      head: Buffer.from('MZ\x90\x00 definitely not a picture'),
      size: 30 * MB,
    });
    const res = await send(token, body);
    await settle();
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({
      code: 'unsupported_type',
      message: 'This file type is not accepted for avatar: send JPEG, PNG, WebP, GIF or AVIF images',
    });
    expect(body.state.pulled).toBeLessThan(3 * MB);
    // A video is refused as early for a type that takes images only.
    const video = streamedForm({ before: { type: 'avatar', objectId: demo }, head: ftyp(), size: 30 * MB });
    expect((await send(token, video)).statusCode).toBe(415);
    await settle();
    expect(video.state.pulled).toBeLessThan(3 * MB);
  });

  it('takes the file before type and objectId, as the web app sends it, within the limits of its kind', async () => {
    const token = await memberToken();
    const first = await t.app.inject({
      method: 'POST',
      url: '/api/upload',
      headers: headersFor(token),
      payload: form({ type: 'avatar', objectId: demo, file: png, isFileFirst: true }),
    });
    expect(first.statusCode).toBe(200);
    expect(first.json().url).toMatch(/\.webp$/);

    // Before the type is known, the limit is that of the kind the first bytes show: 10 MB for an image.
    const big = streamedForm({
      head: png.subarray(0, 64),
      size: 60 * MB,
      after: { type: 'post', objectId: demo },
    });
    const res = await send(token, big);
    await settle();
    expect(res.statusCode).toBe(413);
    expect(big.state.pulled).toBeLessThan(12 * MB);

    // Kinds no type open to a member takes are refused at once; the rest are checked when the type comes.
    const zip = streamedForm({
      head: Buffer.from('PK\x03\x04\x14\x00\x00\x00\x08\x00'),
      size: 30 * MB,
      after: { type: 'post' },
    });
    const refused = await send(token, zip);
    await settle();
    expect(refused.statusCode).toBe(415);
    expect(refused.json().message).toBe(
      'This file type is not accepted: send JPEG, PNG, WebP, GIF or AVIF images, MP4, MOV or WebM videos, PDF documents',
    );
    expect(zip.state.pulled).toBeLessThan(3 * MB);
    // A PDF may be a chat attachment, so it is read (within the PDF limit) and refused once the type says post.
    const pdf = streamedForm({
      head: Buffer.from('%PDF-1.7\n'),
      size: 1 * MB,
      after: { type: 'post', objectId: demo },
    });
    const pdfAsPost = await send(token, pdf);
    expect(pdfAsPost.statusCode).toBe(415);
    expect(pdfAsPost.json().message).toMatch(/not accepted for post: send .*MP4, MOV or WebM videos$/);
    const videoAsAvatar = streamedForm({
      head: ftyp(),
      size: 2 * MB,
      after: { type: 'avatar', objectId: demo },
    });
    const late = await send(token, videoAsAvatar);
    expect(late.statusCode).toBe(415);
    expect(late.json().message).toMatch(/not accepted for avatar/);
  });

  it('lets a member have UPLOAD_CONCURRENT_MAX uploads in progress at once, answering 429 with Retry-After to one more', async () => {
    const token = await memberToken();
    let release = () => {};
    const hold = new Promise<void>((resolve) => {
      release = resolve;
    });
    const slow = Array.from({ length: UPLOAD_CONCURRENT_MAX }, () =>
      streamedForm({
        before: { type: 'post', objectId: demo },
        head: png.subarray(0, 64),
        size: 2 * MB,
        hold,
      }),
    );
    const pending = slow.map((body) => send(token, body));
    await waitFor(() => slow.every((body) => body.state.pulled >= MB));

    const third = await t.app.inject({
      method: 'POST',
      url: '/api/upload',
      headers: headersFor(token),
      payload: form({ type: 'post', objectId: demo, file: png }),
    });
    expect(third.statusCode).toBe(429);
    expect(third.headers['retry-after']).toBe('5');
    expect(third.json()).toEqual({
      message: `You already have ${UPLOAD_CONCURRENT_MAX} uploads in progress: wait for one to finish, then try again.`,
      code: 'rate_limited',
    });

    release();
    // Both were read to the end: PNG signatures followed by filler are no images.
    for (const res of await Promise.all(pending)) expect(res.statusCode).toBe(400);
    const after = await t.app.inject({
      method: 'POST',
      url: '/api/upload',
      headers: headersFor(token),
      payload: form({ type: 'post', objectId: demo, file: png }),
    });
    expect(after.statusCode).toBe(200);
  });
});

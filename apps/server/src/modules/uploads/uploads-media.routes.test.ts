import { count } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { uploads } from '../../db/schema/index.ts';
import { buildTestApp, DEMO_HOST, type TestApp } from '../../test/build-test-app.ts';
import { clientIds, createUser, headersFor } from '../../test/factories.ts';
import { ftyp, tinyMp4, tinyPdf, tinyWebm } from './media-fixtures.ts';
import { form, storedFiles, tempFiles } from './uploads-test-helpers.ts';

let t: TestApp;
let demo: string;
let memberToken: string;
let adminToken: string;
beforeAll(async () => {
  t = await buildTestApp();
  demo = (await clientIds(t.ctx.db)).demo;
  // A member of their own: this file sends more uploads than one member's quota allows.
  const member = await createUser(t.ctx.db, { clientId: demo });
  memberToken = await t.login(member.email!);
  adminToken = await t.login('admin@demo.test');
});
afterAll(() => t.close());
afterEach(() => {
  expect(tempFiles(t.ctx)).toEqual([]);
});

const upload = (token: string, type: string, file: Buffer) =>
  t.app.inject({
    method: 'POST',
    url: '/api/upload',
    headers: headersFor(token),
    payload: form({ type, objectId: demo, file }),
  });
const uploadCount = async () => (await t.ctx.db.select({ n: count() }).from(uploads))[0]!.n;
const noise = (length: number) => Buffer.from(Array.from({ length }, (_, i) => (i * 7919 + 13) % 251));

/** Expects the upload to be refused with `status` and a message matching `message`, storing nothing. */
async function expectRefused(token: string, type: string, file: Buffer, status: number, message: RegExp) {
  const before = { rows: await uploadCount(), files: storedFiles(t.ctx).length };
  const res = await upload(token, type, file);
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json().message).toMatch(message);
  expect(await uploadCount()).toBe(before.rows);
  expect(storedFiles(t.ctx)).toHaveLength(before.files);
}

describe('POST /api/upload of videos and PDFs', () => {
  it('stores valid MP4, QuickTime and WebM videos as sent, and serves them back', async () => {
    const videos = [
      { file: tinyMp4(), ext: 'mp4', mime: 'video/mp4' },
      { file: tinyMp4({ brand: 'qt  ', isMdatFirst: true }), ext: 'mov', mime: 'video/quicktime' },
      { file: tinyWebm(), ext: 'webm', mime: 'video/webm' },
      { file: tinyWebm({ isLive: true }), ext: 'webm', mime: 'video/webm' },
    ];
    for (const { file, ext, mime } of videos) {
      const res = await upload(memberToken, 'post', file);
      expect(res.statusCode, res.body).toBe(200);
      const { url } = res.json();
      expect(url).toMatch(new RegExp(`^/api/files/[0-9a-f-]{36}\\.${ext}$`));
      const served = await t.app.inject({ url, headers: { host: DEMO_HOST } });
      expect(served.headers['content-type']).toBe(mime);
      expect(served.rawPayload.equals(file)).toBe(true);
    }
  });

  it('stores valid PDFs (cross-reference table or stream) for training', async () => {
    for (const file of [tinyPdf(), tinyPdf({ hasXrefStream: true })]) {
      const res = await upload(adminToken, 'training', file);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().url).toMatch(/\.pdf$/);
    }
  });

  it('answers 400 for junk behind an MP4 ftyp header, storing nothing', async () => {
    await expectRefused(
      memberToken,
      'post',
      Buffer.concat([ftyp(), noise(5 * 1024 * 1024)]),
      400,
      /^The video could not be read: (the file has junk at byte 32|the .{4} box at byte 32 runs past)/,
    );
    await expectRefused(
      memberToken,
      'post',
      Buffer.concat([ftyp(), Buffer.alloc(1024 * 1024)]),
      400,
      /^The video could not be read: the file has junk at byte 32 instead of a box$/,
    );
  });

  it('answers 400 for truncated videos, PDFs and GIFs, storing nothing', async () => {
    const cut = (file: Buffer) => file.subarray(0, Math.floor(file.length * 0.8));
    await expectRefused(
      memberToken,
      'post',
      cut(tinyMp4()),
      400,
      /^The video could not be read: .*truncated/,
    );
    await expectRefused(
      memberToken,
      'post',
      cut(tinyWebm()),
      400,
      /^The video could not be read: .*truncated/,
    );
    await expectRefused(
      adminToken,
      'training',
      cut(tinyPdf()),
      400,
      /^The PDF could not be read: it does not end with startxref and %%EOF: it may be truncated$/,
    );
    const frames = Buffer.alloc(40 * 80 * 3).map((_, i) => (i * 31) % 256);
    const gif = await sharp(frames, { raw: { width: 40, height: 80, channels: 3, pageHeight: 40 } })
      .gif()
      .toBuffer();
    await expectRefused(memberToken, 'avatar', cut(gif), 400, /^The image could not be read: .*truncated/);
  });

  it('keeps an animated GIF animated, re-encoded as WebP', async () => {
    const frames = Buffer.alloc(40 * 80 * 3).map((_, i) => (i * 17) % 256);
    const gif = await sharp(frames, { raw: { width: 40, height: 80, channels: 3, pageHeight: 40 } })
      .gif()
      .toBuffer();
    const res = await upload(memberToken, 'post', gif);
    expect(res.statusCode, res.body).toBe(200);
    const served = await t.app.inject({ url: res.json().url, headers: { host: DEMO_HOST } });
    expect(await sharp(served.rawPayload, { animated: true }).metadata()).toMatchObject({
      format: 'webp',
      pages: 2,
    });
  });

  it('answers 415 for a video or PDF sent as a type that does not take it', async () => {
    await expectRefused(memberToken, 'avatar', tinyMp4(), 415, /not accepted for avatar: send JPEG/);
    await expectRefused(adminToken, 'post', tinyPdf(), 415, /not accepted for post: send .*MP4, MOV or WebM/);
  });
});

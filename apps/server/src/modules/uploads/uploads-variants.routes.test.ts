import { existsSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { IMAGE_QUALITY, IMAGE_VARIANT_WIDTHS, imageVariantName } from '@rally/shared';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACME_HOST, buildTestApp, DEMO_HOST, type TestApp } from '../../test/build-test-app.ts';
import { clientIds, createUpload, createUser, uploadFile } from '../../test/factories.ts';
import { tinyMp4 } from './media-fixtures.ts';

let t: TestApp;
let ids: { demo: string; acme: string };
let token: string;
beforeAll(async () => {
  t = await buildTestApp();
  ids = await clientIds(t.ctx.db);
  const member = await createUser(t.ctx.db, { clientId: ids.demo });
  token = await t.login(member.email!);
});
afterAll(() => t.close());

/** A picture with detail (so the encoder has work) of the given size. */
const picture = (width: number, height: number) =>
  sharp(Buffer.from(Array.from({ length: width * height * 3 }, (_, i) => (i * 7 + (i >> 9) * 13) % 256)), {
    raw: { width, height, channels: 3 },
  });
const upload = (type: string, body: Buffer) => uploadFile(t.app, token, { type, objectId: ids.demo, body });
const get = (url: string, host = DEMO_HOST) => t.app.inject({ url, headers: { host } });
/** The file of the upload `url` in local storage, by the naming rule. */
const storedPath = (url: string) =>
  join(t.ctx.config.dataDir, 'uploads', ids.demo, url.slice('/api/files/'.length));
const sizeOf = async (body: Buffer) => {
  const { width, height, format } = await sharp(body).metadata();
  return { width, height, format };
};

describe('width copies of uploaded images', () => {
  it('stores the image as before and a WebP copy for each smaller width, served at its own URL', async () => {
    const png = await picture(1600, 1000).png().toBuffer();
    const url = await upload('post', png);
    expect(url).toMatch(/^\/api\/files\/[0-9a-f-]{36}\.webp$/);

    const original = await get(url);
    expect(original.statusCode).toBe(200);
    // The image at the URL is byte for byte what the pipeline made before copies existed.
    const before = await sharp(png)
      .rotate()
      .resize({ width: 2048, height: 2048, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: IMAGE_QUALITY })
      .toBuffer();
    expect(original.rawPayload.equals(before)).toBe(true);

    for (const width of IMAGE_VARIANT_WIDTHS) {
      const res = await get(imageVariantName(url, width));
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/webp');
      expect(res.headers['cache-control']).toBe('private, max-age=31536000, immutable');
      expect(await sizeOf(res.rawPayload)).toEqual({
        width,
        height: Math.round((width * 1000) / 1600),
        format: 'webp',
      });
      expect(res.rawPayload.length).toBeLessThan(original.rawPayload.length);
    }
  });

  it('never upscales: a narrow image gets only the narrower copies, and wider ones answer the image itself', async () => {
    const url = await upload('post', await picture(500, 300).jpeg().toBuffer());
    const written = IMAGE_VARIANT_WIDTHS.filter((w) => existsSync(storedPath(imageVariantName(url, w))));
    expect(written).toEqual([160, 320]);
    expect(await sizeOf((await get(imageVariantName(url, 320))).rawPayload)).toMatchObject({ width: 320 });

    const original = await get(url);
    for (const width of [640, 960, 1280] as const) {
      const res = await get(imageVariantName(url, width));
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/webp');
      expect(res.rawPayload.equals(original.rawPayload)).toBe(true);
      // Not immutable: copies made later (a backfill) are picked up within a day.
      expect(res.headers['cache-control']).toBe('private, max-age=86400');
    }
  });

  it('makes the copies upright and cropped like the image: EXIF rotation, square avatars', async () => {
    const rotated = await picture(800, 600).jpeg().withMetadata({ orientation: 6 }).toBuffer();
    const url = await upload('post', rotated);
    expect(await sizeOf((await get(url)).rawPayload)).toMatchObject({ width: 600, height: 800 });
    expect(await sizeOf((await get(imageVariantName(url, 320))).rawPayload)).toMatchObject({
      width: 320,
      height: 427,
    });

    const avatar = await upload('avatar', await picture(900, 600).png().toBuffer());
    expect(await sizeOf((await get(avatar)).rawPayload)).toMatchObject({ width: 512, height: 512 });
    expect(await sizeOf((await get(imageVariantName(avatar, 160))).rawPayload)).toMatchObject({
      width: 160,
      height: 160,
    });
    expect(existsSync(storedPath(imageVariantName(avatar, 640)))).toBe(false);
  });

  it('keeps an animation whole: no copies, and a copy URL answers the animation', async () => {
    const frames = Buffer.alloc(400 * 800 * 3).map((_, i) => (i * 17 + (i >> 12)) % 256);
    const gif = await sharp(frames, { raw: { width: 400, height: 800, channels: 3, pageHeight: 400 } })
      .gif()
      .toBuffer();
    const url = await upload('post', gif);
    expect(IMAGE_VARIANT_WIDTHS.some((w) => existsSync(storedPath(imageVariantName(url, w))))).toBe(false);
    const res = await get(imageVariantName(url, 160));
    expect(res.statusCode).toBe(200);
    expect(await sharp(res.rawPayload, { animated: true }).metadata()).toMatchObject({
      format: 'webp',
      width: 400,
      pages: 2,
    });
  });

  it('answers a copy URL of an image stored before copies existed with the image itself', async () => {
    const body = await picture(1200, 800).webp().toBuffer();
    const user = await createUser(t.ctx.db, { clientId: ids.demo });
    const url = await createUpload(t.ctx, { clientId: ids.demo, userId: user.id, body });
    for (let i = 0; i < 2; i++) {
      const res = await get(imageVariantName(url, 640));
      expect(res.statusCode).toBe(200);
      expect(res.rawPayload.equals(body)).toBe(true);
    }
  });

  it('answers 404 for copies of another client’s image, of unknown widths, of videos and of lost images', async () => {
    const url = await upload('post', await picture(700, 400).png().toBuffer());
    const id = url.slice('/api/files/'.length, -'.webp'.length);
    const video = await upload('post', tinyMp4());
    const videoId = video.slice('/api/files/'.length, -'.mp4'.length);
    const lost = await upload('post', await picture(300, 200).png().toBuffer());
    await rm(storedPath(lost));

    const cases: [string, string][] = [
      [imageVariantName(url, 320), ACME_HOST],
      [`/api/files/${id}-500w.webp`, DEMO_HOST],
      [`/api/files/${id}-320w.png`, DEMO_HOST],
      [`/api/files/${id}-0320w.webp`, DEMO_HOST],
      [`/api/files/${videoId}-320w.webp`, DEMO_HOST],
      [`/api/files/${videoId}-320w.mp4`, DEMO_HOST],
      [`/api/files/${crypto.randomUUID()}-320w.webp`, DEMO_HOST],
      // A width it has no copy of falls back to the image, which storage has lost.
      [imageVariantName(lost, 640), DEMO_HOST],
    ];
    for (const [path, host] of cases) {
      const res = await get(path, host);
      expect(res.statusCode, path).toBe(404);
      expect(res.json()).toEqual({ message: 'File not found' });
    }
    expect((await get(imageVariantName(url, 320))).statusCode).toBe(200);
  });
});

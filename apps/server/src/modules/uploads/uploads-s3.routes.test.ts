import { imageVariantName } from '@rally/shared';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACME_HOST, buildTestApp, DEMO_HOST, type TestApp } from '../../test/build-test-app.ts';
import { clientIds, uploadFile } from '../../test/factories.ts';
import { type FakeS3, startFakeS3 } from '../../test/fake-s3.ts';
import { tinyMp4 } from './media-fixtures.ts';
import { tempFiles } from './uploads-test-helpers.ts';

const S3 = {
  bucket: 'rally-media',
  accessKeyId: 'AKIDRALLY',
  secretAccessKey: 'rally-s3-secret',
  region: 'eu-central-1',
};

let s3: FakeS3;
let t: TestApp;
let ids: { demo: string; acme: string };
beforeAll(async () => {
  s3 = await startFakeS3(S3);
  t = await buildTestApp({
    S3_BUCKET: S3.bucket,
    S3_ENDPOINT: s3.endpoint,
    S3_REGION: S3.region,
    S3_ACCESS_KEY_ID: S3.accessKeyId,
    S3_SECRET_ACCESS_KEY: S3.secretAccessKey,
    S3_PREFIX: 'prod/',
  });
  ids = await clientIds(t.ctx.db);
});
afterAll(async () => {
  await t.close();
  await s3.close();
});

describe('uploads with S3-compatible storage (S3_BUCKET set)', () => {
  it('stores the processed file in the bucket under the client, and serves it from there on its host only', async () => {
    const token = await t.login('member@demo.test');
    const png = await sharp({ create: { width: 1200, height: 300, channels: 3, background: '#0a7' } })
      .png()
      .toBuffer();
    const url = await uploadFile(t.app, token, { type: 'post', objectId: ids.demo, body: png });
    const name = url.slice('/api/files/'.length);
    const object = s3.objects.get(`prod/${ids.demo}/${name}`);
    expect(object?.contentType).toBe('image/webp');
    expect((await sharp(object!.body).metadata()).format).toBe('webp');

    const file = await t.app.inject({ url, headers: { host: DEMO_HOST } });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/webp');
    expect(file.rawPayload.equals(object!.body)).toBe(true);
    expect(s3.log.at(-1)).toBe(`GET /rally-media/prod/${ids.demo}/${name}`);

    const onAcme = await t.app.inject({ url, headers: { host: ACME_HOST } });
    expect(onAcme.statusCode).toBe(404);
  });

  it('stores the width copies beside the image, and answers a missing width from the image without asking twice', async () => {
    const token = await t.login('member@demo.test');
    const png = await sharp({ create: { width: 1000, height: 500, channels: 3, background: '#07a' } })
      .png()
      .toBuffer();
    const url = await uploadFile(t.app, token, { type: 'post', objectId: ids.demo, body: png });
    const objectOf = (fileUrl: string) =>
      s3.objects.get(`prod/${ids.demo}/${fileUrl.slice('/api/files/'.length)}`);
    for (const width of [160, 320, 640, 960] as const) {
      const object = objectOf(imageVariantName(url, width));
      expect(object?.contentType).toBe('image/webp');
      expect((await sharp(object!.body).metadata()).width).toBe(width);
    }
    expect(objectOf(imageVariantName(url, 1280))).toBeUndefined();

    const copy = await t.app.inject({ url: imageVariantName(url, 640), headers: { host: DEMO_HOST } });
    expect(copy.rawPayload.equals(objectOf(imageVariantName(url, 640))!.body)).toBe(true);

    const wide = imageVariantName(url, 1280);
    const key = `/rally-media/prod/${ids.demo}/`;
    const first = s3.log.length;
    const res = await t.app.inject({ url: wide, headers: { host: DEMO_HOST } });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(objectOf(url)!.body)).toBe(true);
    expect(s3.log.slice(first)).toEqual([
      `GET ${key}${wide.slice('/api/files/'.length)}`,
      `GET ${key}${url.slice('/api/files/'.length)}`,
    ]);
    // The bucket was asked once: the copy is known to be missing now.
    const second = s3.log.length;
    expect((await t.app.inject({ url: wide, headers: { host: DEMO_HOST } })).statusCode).toBe(200);
    expect(s3.log.slice(second)).toEqual([`GET ${key}${url.slice('/api/files/'.length)}`]);
  });

  it('stores a verified video in the bucket as sent, leaving no temporary file', async () => {
    const token = await t.login('member@demo.test');
    const video = tinyMp4();
    const url = await uploadFile(t.app, token, { type: 'post', objectId: ids.demo, body: video });
    expect(url).toMatch(/\.mp4$/);
    const object = s3.objects.get(`prod/${ids.demo}/${url.slice('/api/files/'.length)}`);
    expect(object?.contentType).toBe('video/mp4');
    expect(object?.body.equals(video)).toBe(true);
    expect(tempFiles(t.ctx)).toEqual([]);
  });

  it('answers 404 when the bucket has lost the object', async () => {
    const token = await t.login('member@demo.test');
    const url = await uploadFile(t.app, token, { type: 'post', objectId: ids.demo });
    s3.objects.delete(`prod/${ids.demo}/${url.slice('/api/files/'.length)}`);
    const file = await t.app.inject({ url, headers: { host: DEMO_HOST } });
    expect(file.statusCode).toBe(404);
    expect(file.json()).toEqual({ message: 'File not found' });
  });
});

import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { type FileReader, withFileReader } from './file-reader.ts';
import { box, ftyp, moov, tinyMp4, tinyPdf, tinyWebm } from './media-fixtures.ts';
import { verifyGif } from './verify-gif.ts';
import { verifyMp4 } from './verify-mp4.ts';
import { verifyPdf } from './verify-pdf.ts';
import { verifyWebm } from './verify-webm.ts';

const dir = mkdtempSync(join(tmpdir(), 'rally-verify-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let n = 0;
/** Runs the check on the bytes written to a file: undefined when they pass, else the reason given. */
async function check(verify: (reader: FileReader) => Promise<void>, bytes: Buffer) {
  const path = join(dir, `${n++}`);
  writeFileSync(path, bytes);
  return withFileReader(path, verify).then(
    () => undefined,
    (err: Error) => err.message,
  );
}
const cut = (bytes: Buffer, keep: number) => bytes.subarray(0, Math.floor(bytes.length * keep));
const random = (length: number) => Buffer.from(Array.from({ length }, (_, i) => (i * 7919 + 13) % 251));

describe('verifyMp4', () => {
  it('passes MP4 and QuickTime files, with moov first or last, and 64-bit box sizes', async () => {
    expect(await check(verifyMp4, tinyMp4())).toBeUndefined();
    expect(await check(verifyMp4, tinyMp4({ brand: 'qt  ', isMdatFirst: true }))).toBeUndefined();
  });

  it('refuses junk behind an ftyp header, a truncated file, and trailing bytes', async () => {
    expect(await check(verifyMp4, Buffer.concat([ftyp(), random(300_000)]))).toMatch(
      /junk at byte 32|runs past/,
    );
    expect(await check(verifyMp4, Buffer.concat([ftyp(), Buffer.alloc(300_000)]))).toMatch(/junk at byte 32/);
    expect(await check(verifyMp4, cut(tinyMp4(), 0.9))).toMatch(/mdat box at byte \d+ runs past the end/);
    expect(await check(verifyMp4, Buffer.concat([tinyMp4(), Buffer.from('tail')]))).toMatch(
      /cut-off box header/,
    );
  });

  it('refuses files without ftyp first, media data, a movie header or tracks', async () => {
    const mdat = box('mdat', Buffer.alloc(64, 1));
    expect(await check(verifyMp4, Buffer.concat([moov(), ftyp(), mdat]))).toMatch(
      /does not start with an ftyp/,
    );
    expect(await check(verifyMp4, Buffer.concat([ftyp(), moov()]))).toMatch(/no media data/);
    expect(await check(verifyMp4, Buffer.concat([ftyp(), mdat]))).toMatch(/0 moov boxes/);
    const noTrack = box('moov', box('mvhd', Buffer.alloc(100)));
    expect(await check(verifyMp4, Buffer.concat([ftyp(), noTrack, mdat]))).toMatch(/no tracks/);
    const emptyTrack = box(
      'moov',
      Buffer.concat([box('mvhd', Buffer.alloc(100)), box('trak', Buffer.alloc(0))]),
    );
    expect(await check(verifyMp4, Buffer.concat([ftyp(), emptyTrack, mdat]))).toMatch(/has no tkhd box/);
  });
});

describe('verifyWebm', () => {
  it('passes a file with known sizes and a live recording with unknown Segment and Cluster sizes', async () => {
    expect(await check(verifyWebm, tinyWebm())).toBeUndefined();
    expect(await check(verifyWebm, tinyWebm({ isLive: true }))).toBeUndefined();
  });

  it('refuses truncated files, junk after the end, and other document types', async () => {
    expect(await check(verifyWebm, cut(tinyWebm(), 0.95))).toMatch(/Segment runs past the end/);
    expect(await check(verifyWebm, cut(tinyWebm({ isLive: true }), 0.95))).toMatch(/truncated|cut-off/);
    expect(await check(verifyWebm, Buffer.concat([tinyWebm(), random(5000)]))).toMatch(/data after the end/);
    expect(await check(verifyWebm, Buffer.concat([tinyWebm({ isLive: true }), random(5000)]))).toMatch(
      /junk/,
    );
    const mkv = Buffer.from(tinyWebm().toString('latin1').replace('webm', 'mkv\0'), 'latin1');
    expect(await check(verifyWebm, mkv)).toMatch(/not say it is a WebM/);
    expect(await check(verifyWebm, random(4000))).toMatch(/junk or a cut-off element at byte 0/);
  });
});

describe('verifyPdf', () => {
  it('passes PDFs with a cross-reference table or a compressed cross-reference stream', async () => {
    expect(await check(verifyPdf, tinyPdf())).toBeUndefined();
    expect(await check(verifyPdf, tinyPdf({ hasXrefStream: true }))).toBeUndefined();
    // Line breaks after %%EOF are common and harmless.
    expect(await check(verifyPdf, Buffer.concat([tinyPdf(), Buffer.from('\r\n\n')]))).toBeUndefined();
  });

  it('refuses truncated files, junk after %%EOF, and cross-references that point nowhere', async () => {
    for (const pdf of [tinyPdf(), tinyPdf({ hasXrefStream: true })]) {
      expect(await check(verifyPdf, cut(pdf, 0.8))).toMatch(/does not end with startxref and %%EOF/);
      expect(await check(verifyPdf, Buffer.concat([pdf, random(2000)]))).toMatch(
        /does not end with startxref/,
      );
    }
    const text = tinyPdf().toString('latin1');
    const [, second, third] = text.match(/\d{10} 00000 n \n/g)!;
    const swapped = Buffer.from(text.replace(second! + third!, third! + second!), 'latin1');
    expect(await check(verifyPdf, swapped)).toMatch(
      /^object 2 is not where its cross-reference says \(byte \d+\)$/,
    );
    const damaged = tinyPdf({ hasXrefStream: true });
    damaged.fill(
      0,
      damaged.indexOf('stream\n', damaged.indexOf('/XRef')) + 7,
      damaged.lastIndexOf('\nendstream'),
    );
    expect(await check(verifyPdf, damaged)).toMatch(/xref stream at byte \d+ does not decompress/);
    expect(await check(verifyPdf, Buffer.concat([Buffer.from('%PDF-1.4\n'), random(3000)]))).toMatch(/%%EOF/);
  });
});

describe('verifyGif', () => {
  it('passes an animated GIF and refuses it cut off or with junk for blocks', async () => {
    const frames = Buffer.alloc(60 * 120 * 3, 0).map((_, i) => (i * 31) % 256);
    const gif = await sharp(frames, { raw: { width: 60, height: 120, channels: 3, pageHeight: 40 } })
      .gif()
      .toBuffer();
    expect(await check(verifyGif, gif)).toBeUndefined();
    expect(await check(verifyGif, cut(gif, 0.6))).toMatch(/truncated/);
    expect(await check(verifyGif, Buffer.concat([gif.subarray(0, 13 + 768), random(2000)]))).toMatch(
      /junk|truncated/,
    );
  });
});

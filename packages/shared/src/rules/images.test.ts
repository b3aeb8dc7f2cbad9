import { describe, expect, it } from 'vitest';
import {
  getImageSrcSet,
  hasImageVariants,
  IMAGE_VARIANT_WIDTHS,
  imageVariantName,
  parseImageVariantUrl,
} from './images.ts';

const ID = '0193a5b2-7c1d-7e4f-8a9b-0c1d2e3f4a5b';
const URL = `/api/files/${ID}.webp`;

describe('imageVariantName', () => {
  it('puts the width before .webp, for URLs and storage keys alike', () => {
    expect(imageVariantName(URL, 640)).toBe(`/api/files/${ID}-640w.webp`);
    expect(imageVariantName(`client-1/${ID}.webp`, 160)).toBe(`client-1/${ID}-160w.webp`);
  });

  it('refuses names of other formats, which have no copies', () => {
    expect(() => imageVariantName(`/api/files/${ID}.mp4`, 640)).toThrow(/Only WebP/);
  });
});

describe('getImageSrcSet', () => {
  it('lists every width copy of an uploaded image, smallest first', () => {
    expect(getImageSrcSet(URL)).toBe(
      IMAGE_VARIANT_WIDTHS.map((w) => `/api/files/${ID}-${w}w.webp ${w}w`).join(', '),
    );
  });

  it('gives none for other pictures: external, SVG, videos, previews, copies themselves', () => {
    for (const url of [
      'https://cdn.example.com/a.webp',
      `https://evil.example/api/files/${ID}.webp`,
      '/brand/demo-logo.svg',
      `/api/files/${ID}.mp4`,
      'blob:http://localhost/8d1f',
      'data:image/png;base64,AAAA',
      `/api/files/${ID}-640w.webp`,
      `/api/files/${ID}.webp?x=1`,
    ]) {
      expect(hasImageVariants(url), url).toBe(false);
      expect(getImageSrcSet(url), url).toBeUndefined();
    }
  });
});

describe('parseImageVariantUrl', () => {
  it('names the image and the width of a copy', () => {
    expect(parseImageVariantUrl(`/api/files/${ID}-960w.webp`)).toEqual({ url: URL, width: 960 });
  });

  it('answers undefined for the image itself, unknown widths and other formats', () => {
    for (const url of [
      URL,
      `/api/files/${ID}-500w.webp`,
      `/api/files/${ID}-0640w.webp`,
      `/api/files/${ID}-640w.png`,
      `/api/files/${ID}-640.webp`,
      `/api/files/../${ID}-640w.webp`,
    ]) {
      expect(parseImageVariantUrl(url), url).toBeUndefined();
    }
  });
});

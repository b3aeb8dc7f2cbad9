import { IMAGE_QUALITY, IMAGE_VARIANT_WIDTHS, type ImageVariantWidth, imageVariantName } from '@rally/shared';
import sharp from 'sharp';
import type { Storage } from '../../lib/storage.ts';

/** Images with more pixels are refused before they are decoded (a decompression bomb stops here). */
const MAX_INPUT_PIXELS = 80_000_000;

/** An image encoded for storage: the image served at its URL and its narrower copies. */
export interface EncodedImage {
  /** The WebP stored at the image's own URL. */
  body: Buffer;
  /** Its width in pixels. */
  width: number;
  /** Its height in pixels (of one frame for an animation). */
  height: number;
  /** WebP copies for each width of IMAGE_VARIANT_WIDTHS narrower than the image; none for an animation. */
  variants: { width: ImageVariantWidth; body: Buffer }[];
}

/** The largest box an image is fitted into: `inside` keeps the whole picture, `cover` crops it to a square. */
export interface ImageBox {
  size: number;
  fit: 'cover' | 'inside';
}

/**
 * Encodes an image (a file path or bytes) as WebP at the default quality, turned upright by its EXIF orientation
 * and, given a `box`, shrunk to fit it (never enlarged). A still image is decoded once: its pixels are kept raw and
 * the stored image and every narrower copy are encoded from clones of that one input, so copies cost an encode
 * each, not a decode. An animation keeps its frames and gets no copies (resizing every frame four more times is
 * not worth the CPU; its copies' URLs are answered with the animation itself). Throws on an unreadable image.
 */
export async function encodeImage(input: string | Buffer, box?: ImageBox): Promise<EncodedImage> {
  const open = (animated: boolean) => {
    const image = sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, animated }).rotate();
    return box
      ? image.resize({ width: box.size, height: box.size, fit: box.fit, withoutEnlargement: true })
      : image;
  };
  const { pages = 1 } = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, animated: true }).metadata();
  if (pages > 1) {
    const { data, info } = await open(true)
      .webp({ quality: IMAGE_QUALITY })
      .toBuffer({ resolveWithObject: true });
    return { body: data, width: info.width, height: info.pageHeight ?? info.height, variants: [] };
  }
  const { data, info } = await open(false).raw().toBuffer({ resolveWithObject: true });
  const pixels = sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } });
  const body = await pixels.clone().webp({ quality: IMAGE_QUALITY }).toBuffer();
  const variants: EncodedImage['variants'] = [];
  // One at a time: on a small machine parallel encodes would only take the cores from the requests being served.
  for (const width of IMAGE_VARIANT_WIDTHS.filter((w) => w < info.width)) {
    const copy = await pixels.clone().resize({ width }).webp({ quality: IMAGE_QUALITY }).toBuffer();
    variants.push({ width, body: copy });
  }
  return { body, width: info.width, height: info.height, variants };
}

/**
 * Stores an encoded image at `key` (which ends in `.webp`) and its copies beside it (`{name}-{width}w.webp`). The
 * copies are written first, so an image that is stored always has its copies.
 */
export async function putImage(storage: Storage, key: string, image: EncodedImage): Promise<void> {
  await Promise.all(
    image.variants.map((variant) =>
      storage.put(imageVariantName(key, variant.width), variant.body, 'image/webp'),
    ),
  );
  await storage.put(key, image.body, 'image/webp');
}

/**
 * Responsive images. Beside every still image it stores (`/api/files/{id}.webp`), the upload pipeline writes
 * narrower WebP copies named by their width: `/api/files/{id}-640w.webp`. Only copies narrower than the image are
 * written (never upscaled); a copy that does not exist (a narrow image, an animated one, or one stored before copies
 * were made) is answered with the image itself, so any width below may always be asked for.
 */

/** Widths in pixels of the narrower copies, smallest first. */
export const IMAGE_VARIANT_WIDTHS = [160, 320, 640, 960, 1280] as const;

export type ImageVariantWidth = (typeof IMAGE_VARIANT_WIDTHS)[number];

/** A stored image of this app (an upload re-encoded as WebP): relative, so on the client's own host. */
const UPLOADED_IMAGE = /^\/api\/files\/[0-9a-f-]{36}\.webp$/;
/** A width copy of one: the image's URL with `-{width}w` before `.webp`. */
const IMAGE_VARIANT = /^(\/api\/files\/[0-9a-f-]{36})-([1-9]\d{1,3})w\.webp$/;

export const isImageVariantWidth = (width: number): width is ImageVariantWidth =>
  (IMAGE_VARIANT_WIDTHS as readonly number[]).includes(width);

/**
 * The name of the `width` copy of a WebP file: `{name}.webp` → `{name}-{width}w.webp`. Used for URLs and storage
 * keys alike.
 */
export function imageVariantName(name: string, width: ImageVariantWidth): string {
  if (!name.endsWith('.webp')) throw new Error(`Only WebP images have width copies: ${name}`);
  return `${name.slice(0, -'.webp'.length)}-${width}w.webp`;
}

/** Whether the URL is an uploaded image, which has (or falls back for) width copies. */
export const hasImageVariants = (url: string): boolean => UPLOADED_IMAGE.test(url);

/**
 * The `srcset` of an uploaded image: every width copy, described by its width. Undefined for any other URL
 * (external pictures, the app's own SVGs, previews of a file being chosen), which are shown as they are.
 */
export function getImageSrcSet(url: string): string | undefined {
  if (!hasImageVariants(url)) return undefined;
  return IMAGE_VARIANT_WIDTHS.map((width) => `${imageVariantName(url, width)} ${width}w`).join(', ');
}

/** The image and width a width copy's URL names, or undefined when the URL is no width copy of a known width. */
export function parseImageVariantUrl(url: string): { url: string; width: ImageVariantWidth } | undefined {
  const match = IMAGE_VARIANT.exec(url);
  if (!match) return undefined;
  const width = Number(match[2]);
  return isImageVariantWidth(width) ? { url: `${match[1]}.webp`, width } : undefined;
}

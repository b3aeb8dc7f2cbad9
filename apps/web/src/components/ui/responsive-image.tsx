import { getImageSrcSet } from '@rally/shared';
import type { ImgHTMLAttributes } from 'react';

type ImgAttributes = Omit<
  ImgHTMLAttributes<HTMLImageElement>,
  'src' | 'srcSet' | 'sizes' | 'alt' | 'width' | 'height' | 'loading' | 'decoding' | 'fetchPriority'
>;

export interface ResponsiveImageProps extends ImgAttributes {
  src: string;
  /** Alternative text; empty for a picture the text beside it already describes. */
  alt: string;
  /** How wide the picture is shown (the `sizes` attribute), e.g. `40px` or `(min-width: 640px) 50vw, 100vw`. */
  sizes: string;
  /** Width of the box it is shown in, or of its ratio (with `height`): the space is kept before it loads. */
  width: number;
  /** Height of the box, or of its ratio (with `width`). */
  height: number;
  /** The page's first picture above the fold (its likely largest paint): loaded at once, at high priority. */
  isPriority?: boolean;
  /** `eager` for a small picture always in view (the header logo); lazy by default. */
  loading?: 'lazy' | 'eager';
}

/**
 * A picture that keeps its space while loading (width and height) and, for an uploaded image, lets the browser
 * pick the narrowest width copy the upload pipeline made that fills `sizes` (`srcset`). Other pictures (external,
 * the app's own SVGs, previews of a file being chosen) are shown as they are. Decoded off the main thread; lazy
 * unless `isPriority` or `loading="eager"`.
 */
export function ResponsiveImage({
  src,
  alt,
  sizes,
  width,
  height,
  isPriority = false,
  loading = 'lazy',
  ...rest
}: ResponsiveImageProps) {
  const srcSet = getImageSrcSet(src);
  // `loading`, `sizes` and `srcSet` come before `src`: some browsers start a request as soon as `src` is set.
  return (
    <img
      {...rest}
      alt={alt}
      width={width}
      height={height}
      loading={isPriority ? 'eager' : loading}
      fetchPriority={isPriority ? 'high' : undefined}
      decoding="async"
      sizes={srcSet ? sizes : undefined}
      srcSet={srcSet}
      src={src}
    />
  );
}

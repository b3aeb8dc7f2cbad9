import { clsx } from 'clsx';
import { Play } from 'lucide-react';
import { ResponsiveImage } from '../../../components/ui/responsive-image';

interface CreativeMediaProps {
  url: string;
  kind: 'image' | 'video';
  /** Alt text of an image; videos are described by the surrounding text. */
  alt?: string;
  /** Show the player's controls (previews in forms) rather than a still frame with a play mark. */
  hasControls?: boolean;
  /** How wide an image is shown (its `sizes`); by default a card of the library's grid (four, three or two across). */
  sizes?: string;
  className?: string;
}

const GRID_SIZES = '(min-width: 1024px) 320px, (min-width: 640px) 33vw, 50vw';

/** An image, or a video's first frame (or the player), filling its box. */
export function CreativeMedia({
  url,
  kind,
  alt = '',
  hasControls = false,
  sizes = GRID_SIZES,
  className,
}: CreativeMediaProps) {
  if (kind === 'image') {
    // The box around it sets the size (a square); width and height only give the same ratio.
    return (
      <ResponsiveImage
        src={url}
        alt={alt}
        sizes={sizes}
        width={320}
        height={320}
        className={clsx('size-full object-cover', className)}
      />
    );
  }
  if (hasControls) {
    return (
      // biome-ignore lint/a11y/useMediaCaption: the admin's preview of a file they just uploaded; it has no captions.
      <video src={url} controls preload="metadata" className={clsx('size-full bg-slate-900', className)} />
    );
  }
  return (
    <span className={clsx('relative block size-full', className)}>
      <video src={url} muted preload="metadata" className="size-full object-cover" />
      <span className="absolute inset-0 flex items-center justify-center">
        <span className="flex size-10 items-center justify-center rounded-full bg-slate-900/60 text-white">
          <Play aria-hidden className="size-5" />
        </span>
      </span>
    </span>
  );
}

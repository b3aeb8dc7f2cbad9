import { clsx } from 'clsx';
import { Play } from 'lucide-react';

interface CreativeMediaProps {
  url: string;
  kind: 'image' | 'video';
  /** Alt text of an image; videos are described by the surrounding text. */
  alt?: string;
  /** Show the player's controls (previews in forms) rather than a still frame with a play mark. */
  hasControls?: boolean;
  className?: string;
}

/** An image, or a video's first frame (or the player), filling its box. */
export function CreativeMedia({ url, kind, alt = '', hasControls = false, className }: CreativeMediaProps) {
  if (kind === 'image') {
    return <img src={url} alt={alt} loading="lazy" className={clsx('size-full object-cover', className)} />;
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

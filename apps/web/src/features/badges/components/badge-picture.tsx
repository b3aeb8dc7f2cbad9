import { badgeEmblemUrl } from '@rally/shared';
import { clsx } from 'clsx';
import { ResponsiveImage } from '../../../components/ui/responsive-image';
import { useClient } from '../../../lib/client';

/** A badge's picture: its upload, or the generated medal with its initials in the client's colours. */
export function BadgePicture({
  name,
  imageUrl,
  alt,
  size = 48,
  className,
}: {
  name: string;
  imageUrl: string | null;
  alt: string;
  size?: number;
  className?: string;
}) {
  const { config } = useClient();
  const classes = clsx('shrink-0 rounded-full object-cover', className);
  if (imageUrl) {
    return (
      <ResponsiveImage
        src={imageUrl}
        alt={alt}
        sizes={`${size}px`}
        width={size}
        height={size}
        className={classes}
        style={{ width: size, height: size }}
      />
    );
  }
  return (
    <img
      src={badgeEmblemUrl(name || '?', { primary: config.primary_color, secondary: config.secondary_color })}
      alt={alt}
      width={size}
      height={size}
      className={classes}
    />
  );
}

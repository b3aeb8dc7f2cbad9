import { badgeEmblemUrl } from '@rally/shared';
import { clsx } from 'clsx';
import { ResponsiveImage } from '../../../components/ui/responsive-image';
import { useClient } from '../../../lib/client';

interface MyBadgeImageProps {
  name: string;
  imageUrl: string | null;
  /** Alternative text: what the picture shows. */
  alt: string;
  isEarned: boolean;
}

/** A badge's picture: its upload, or a medal with its initials in the client's colours; faded until earned. */
export function MyBadgeImage({ name, imageUrl, alt, isEarned }: MyBadgeImageProps) {
  const { config } = useClient();
  const className = clsx('size-16 rounded-full object-cover', !isEarned && 'opacity-60 grayscale');
  if (imageUrl) {
    return (
      <ResponsiveImage src={imageUrl} alt={alt} sizes="64px" width={64} height={64} className={className} />
    );
  }
  return (
    <img
      src={badgeEmblemUrl(name, { primary: config.primary_color, secondary: config.secondary_color })}
      alt={alt}
      width={64}
      height={64}
      className={className}
    />
  );
}

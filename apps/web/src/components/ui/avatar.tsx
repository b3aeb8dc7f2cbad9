import { clsx } from 'clsx';
import { UserRound } from 'lucide-react';
import { useState } from 'react';
import { ResponsiveImage } from './responsive-image';

const sizes = { sm: 'size-8', md: 'size-10', lg: 'size-16', xl: 'size-24' } as const;
/** The same sizes in CSS pixels, for the picture's width, height and `sizes`. */
const pixels = { sm: 32, md: 40, lg: 64, xl: 96 } as const;

interface AvatarProps {
  imageUrl: string | null | undefined;
  /** Alt text: the person's display name (or the team's name). */
  name: string;
  size?: keyof typeof sizes;
  className?: string;
  /** The name is written right beside it (a link's text): the picture then says nothing, so it is not said twice. */
  decorative?: boolean;
}

/** A person's picture, or a default person icon in a primary-colour circle (SPEC 3), also when the picture fails to load. */
export function Avatar({ imageUrl, name, size = 'md', className, decorative = false }: AvatarProps) {
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const classes = clsx('shrink-0 rounded-full', sizes[size], className);
  if (imageUrl && imageUrl !== failedUrl) {
    return (
      <ResponsiveImage
        src={imageUrl}
        alt={decorative ? '' : name}
        width={pixels[size]}
        height={pixels[size]}
        sizes={`${pixels[size]}px`}
        onError={() => setFailedUrl(imageUrl)}
        className={clsx(classes, 'object-cover')}
      />
    );
  }
  return (
    <span
      {...(decorative ? { 'aria-hidden': true } : { role: 'img', 'aria-label': name })}
      className={clsx(classes, 'flex items-center justify-center bg-brand')}
    >
      <UserRound aria-hidden className="size-3/5 text-brand-contrast" />
    </span>
  );
}

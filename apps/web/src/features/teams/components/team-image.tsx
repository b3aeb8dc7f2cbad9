import { clsx } from 'clsx';
import { Users } from 'lucide-react';
import { useState } from 'react';
import { ResponsiveImage } from '../../../components/ui/responsive-image';

const sizes = { md: 'size-12 rounded-xl', lg: 'size-16 rounded-2xl', xl: 'size-20 rounded-2xl' } as const;
/** The same sizes in CSS pixels, for the picture's width, height and `sizes`. */
const pixels = { md: 48, lg: 64, xl: 80 } as const;

/** A team's picture, or a people icon on the primary colour (SPEC 3); alt text is the team's name. */
export function TeamImage({
  imageUrl,
  name,
  size = 'md',
}: {
  imageUrl: string | null;
  name: string;
  size?: keyof typeof sizes;
}) {
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  if (imageUrl && imageUrl !== failedUrl) {
    return (
      <ResponsiveImage
        src={imageUrl}
        alt={name}
        width={pixels[size]}
        height={pixels[size]}
        sizes={`${pixels[size]}px`}
        onError={() => setFailedUrl(imageUrl)}
        className={clsx('shrink-0 object-cover', sizes[size])}
      />
    );
  }
  return (
    <span
      role="img"
      aria-label={name}
      className={clsx('flex shrink-0 items-center justify-center bg-brand text-brand-contrast', sizes[size])}
    >
      <Users aria-hidden className="size-1/2" />
    </span>
  );
}

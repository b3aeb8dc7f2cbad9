import { clsx } from 'clsx';
import { FolderKanban } from 'lucide-react';
import { ResponsiveImage } from '../../../components/ui/responsive-image';

/** The project's cover as a small square, or a brand-tinted placeholder. */
export function ProjectThumb({ imageUrl, className }: { imageUrl: string | null; className?: string }) {
  if (imageUrl) {
    // Shown at most 56 px square (the admin cards; the table's are smaller).
    return (
      <ResponsiveImage
        src={imageUrl}
        alt=""
        sizes="56px"
        width={56}
        height={56}
        className={clsx('shrink-0 rounded-lg object-cover', className)}
      />
    );
  }
  return (
    <span
      aria-hidden
      className={clsx(
        'flex shrink-0 items-center justify-center rounded-lg bg-gradient-to-br from-brand/15 to-accent/20 text-brand-text',
        className,
      )}
    >
      <FolderKanban className="size-1/2" />
    </span>
  );
}

import { clsx } from 'clsx';
import { useTranslation } from 'react-i18next';
import { ResponsiveImage } from '../../../components/ui/responsive-image';

/**
 * Each cell's box: its ratio (the picture is cropped to fit, so nothing moves when it arrives) and how wide it is
 * shown, the full width of the feed's 42rem column or half of it in the grid.
 */
const CELLS = {
  single: {
    className: 'aspect-[4/3] max-h-[28rem]',
    width: 672,
    height: 504,
    sizes: '(min-width: 704px) 672px, 100vw',
  },
  wide: { className: 'aspect-[2/1]', width: 672, height: 336, sizes: '(min-width: 704px) 672px, 100vw' },
  square: { className: 'aspect-square', width: 336, height: 336, sizes: '(min-width: 704px) 336px, 50vw' },
} as const;

/**
 * A post's pictures: one large (4:3), or a grid of two to four (squares; of three, the first spans the row at 2:1).
 */
export function PostImages({
  images,
  authorName,
  hasPriorityImage = false,
}: {
  images: string[];
  authorName: string;
  /** The page's first picture in view: the first one loads at once and at high priority. */
  hasPriorityImage?: boolean;
}) {
  const { t } = useTranslation();
  if (images.length === 0) return null;
  return (
    <div className={clsx('grid gap-1 overflow-hidden rounded-xl', images.length > 1 && 'grid-cols-2')}>
      {images.map((url, index) => {
        const isWide = images.length === 3 && index === 0;
        const { className, ...box } = CELLS[images.length === 1 ? 'single' : isWide ? 'wide' : 'square'];
        return (
          <a
            key={url}
            href={url}
            target="_blank"
            rel="noopener noreferrer"
            className={clsx('block bg-slate-100', isWide && 'col-span-2')}
          >
            <ResponsiveImage
              src={url}
              alt={t('feed.post.imageAlt', { name: authorName, n: index + 1, count: images.length })}
              {...box}
              isPriority={hasPriorityImage && index === 0}
              className={clsx('w-full object-cover', className)}
            />
          </a>
        );
      })}
    </div>
  );
}

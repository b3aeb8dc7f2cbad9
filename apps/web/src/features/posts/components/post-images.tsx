import { clsx } from 'clsx';
import { useTranslation } from 'react-i18next';

/** A post's pictures: one large, or a grid of two to four. */
export function PostImages({ images, authorName }: { images: string[]; authorName: string }) {
  const { t } = useTranslation();
  if (images.length === 0) return null;
  return (
    <div className={clsx('grid gap-1 overflow-hidden rounded-xl', images.length > 1 && 'grid-cols-2')}>
      {images.map((url, index) => (
        <a key={url} href={url} target="_blank" rel="noopener noreferrer" className="block bg-slate-100">
          <img
            src={url}
            alt={t('feed.post.imageAlt', { name: authorName, n: index + 1, count: images.length })}
            loading="lazy"
            className={clsx(
              'w-full object-cover',
              images.length === 1 ? 'max-h-[28rem]' : 'aspect-square',
              images.length === 3 && index === 0 && 'col-span-2 aspect-[2/1]',
            )}
          />
        </a>
      ))}
    </div>
  );
}

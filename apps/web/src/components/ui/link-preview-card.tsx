import type { LinkPreview } from '@rally/shared';
import { clsx } from 'clsx';
import { ExternalLink } from 'lucide-react';
import { useState } from 'react';
import { ResponsiveImage } from './responsive-image';

/**
 * The preview of the first link in a post or message: picture, site, title and description, opening the page.
 * `wide` puts the picture above the text (a feed card); `compact` puts a thumbnail beside it (a chat message).
 */
export function LinkPreviewCard({
  link,
  layout = 'wide',
}: {
  link: LinkPreview;
  layout?: 'wide' | 'compact';
}) {
  const [isImageBroken, setIsImageBroken] = useState(false);
  const isWide = layout === 'wide';
  return (
    <a
      href={link.url}
      target="_blank"
      rel="noopener noreferrer nofollow"
      className={clsx(
        'overflow-hidden rounded-xl border border-slate-200 bg-slate-50 transition hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-text',
        isWide ? 'block' : 'mt-1.5 flex max-w-md',
      )}
    >
      {link.image_url && !isImageBroken && (
        <ResponsiveImage
          src={link.image_url}
          alt=""
          sizes={isWide ? '(min-width: 704px) 672px, 100vw' : '96px'}
          width={isWide ? 672 : 96}
          height={isWide ? 352 : 96}
          onError={() => setIsImageBroken(true)}
          className={isWide ? 'aspect-[1.91/1] w-full object-cover' : 'size-24 shrink-0 object-cover'}
        />
      )}
      <span className={clsx('block space-y-0.5', isWide ? 'px-3.5 py-2.5' : 'min-w-0 px-3 py-2')}>
        <span className="flex items-center gap-1 text-xs uppercase tracking-wide text-slate-600">
          <ExternalLink aria-hidden className="size-3" />
          {link.site_name}
        </span>
        {link.title && (
          <span className={clsx('block font-semibold text-slate-900', !isWide && 'line-clamp-1 text-sm')}>
            {link.title}
          </span>
        )}
        {link.description && (
          <span className={clsx('line-clamp-2 block text-slate-600', isWide ? 'text-sm' : 'text-xs')}>
            {link.description}
          </span>
        )}
      </span>
    </a>
  );
}

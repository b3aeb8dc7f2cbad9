import type { LinkPreview } from '@rally/shared';
import { ExternalLink } from 'lucide-react';
import { useState } from 'react';
import { ResponsiveImage } from '../../../components/ui/responsive-image';

/** The preview of a post's first link: picture, site, title and description, opening the page. */
export function LinkPreviewCard({ link }: { link: LinkPreview }) {
  const [isImageBroken, setIsImageBroken] = useState(false);
  return (
    <a
      href={link.url}
      target="_blank"
      rel="noopener noreferrer nofollow"
      className="block overflow-hidden rounded-xl border border-slate-200 bg-slate-50 transition hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-text"
    >
      {link.image_url && !isImageBroken && (
        <ResponsiveImage
          src={link.image_url}
          alt=""
          sizes="(min-width: 704px) 672px, 100vw"
          width={672}
          height={352}
          onError={() => setIsImageBroken(true)}
          className="aspect-[1.91/1] w-full object-cover"
        />
      )}
      <span className="block space-y-0.5 px-3.5 py-2.5">
        <span className="flex items-center gap-1 text-xs uppercase tracking-wide text-slate-500">
          <ExternalLink aria-hidden className="size-3" />
          {link.site_name}
        </span>
        {link.title && <span className="block font-semibold text-slate-900">{link.title}</span>}
        {link.description && (
          <span className="line-clamp-2 block text-sm text-slate-600">{link.description}</span>
        )}
      </span>
    </a>
  );
}

import type { ChatAttachment, ChatMessage, LinkPreview } from '@rally/shared';
import { ExternalLink, FileText } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ResponsiveImage } from '../../../components/ui/responsive-image';

/** The preview of a message's first link: picture, site, title, description, opening the page. */
export function LinkPreviewCard({ link }: { link: LinkPreview }) {
  const [isImageBroken, setIsImageBroken] = useState(false);
  return (
    <a
      href={link.url}
      target="_blank"
      rel="noopener noreferrer nofollow"
      className="mt-1.5 flex max-w-md overflow-hidden rounded-xl border border-slate-200 bg-slate-50 transition hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-text"
    >
      {link.image_url && !isImageBroken && (
        <ResponsiveImage
          src={link.image_url}
          alt=""
          sizes="96px"
          width={96}
          height={96}
          onError={() => setIsImageBroken(true)}
          className="size-24 shrink-0 object-cover"
        />
      )}
      <span className="block min-w-0 space-y-0.5 px-3 py-2">
        <span className="flex items-center gap-1 text-xs uppercase tracking-wide text-slate-600">
          <ExternalLink aria-hidden className="size-3" />
          {link.site_name}
        </span>
        {link.title && (
          <span className="line-clamp-1 block text-sm font-semibold text-slate-900">{link.title}</span>
        )}
        {link.description && (
          <span className="line-clamp-2 block text-xs text-slate-600">{link.description}</span>
        )}
      </span>
    </a>
  );
}

/** A message's files: pictures (each opening in full), videos with controls, other files as links. */
export function Attachments({
  attachments,
  authorName,
}: {
  attachments: ChatAttachment[];
  authorName: string;
}) {
  const { t } = useTranslation();
  if (attachments.length === 0) return null;
  return (
    <ul className="mt-1.5 flex flex-wrap gap-2" aria-label={t('chat.message.attachments')}>
      {attachments.map((file, index) => (
        <li key={file.url} className="max-w-full">
          {file.content_type.startsWith('image/') ? (
            <a href={file.url} target="_blank" rel="noopener noreferrer" className="block">
              <ResponsiveImage
                src={file.url}
                alt={t('chat.message.imageAlt', { name: authorName, n: index + 1 })}
                sizes="240px"
                width={240}
                height={180}
                className="h-44 w-60 max-w-full rounded-xl bg-slate-100 object-cover"
              />
            </a>
          ) : file.content_type.startsWith('video/') ? (
            // biome-ignore lint/a11y/useMediaCaption: members' own clips come without captions.
            <video
              src={file.url}
              controls
              preload="metadata"
              className="h-44 w-72 max-w-full rounded-xl bg-slate-900"
            />
          ) : (
            <a
              href={file.url}
              target="_blank"
              rel="noopener noreferrer"
              className="inline-flex items-center gap-2 rounded-lg border border-slate-200 px-3 py-2 text-sm text-brand-text underline"
            >
              <FileText aria-hidden className="size-4" />
              {t('chat.message.file', { n: index + 1 })}
            </a>
          )}
        </li>
      ))}
    </ul>
  );
}

/** The message a message quotes: its author and the start of its text; jumps to it when it is on screen. */
export function QuoteBlock({
  quote,
  onJump,
}: {
  quote: NonNullable<ChatMessage['quote']>;
  onJump: (id: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      onClick={() => onJump(quote.id)}
      aria-label={t('chat.message.quoteLabel', {
        name: quote.author?.display_name ?? t('chat.title.unknown'),
      })}
      className="mb-1 block w-full max-w-md rounded-lg border-l-4 border-brand-text/60 bg-slate-50 px-3 py-1.5 text-left text-sm hover:bg-slate-100"
    >
      <span className="block font-semibold text-slate-800">
        {quote.author?.display_name ?? t('chat.title.unknown')}
      </span>
      <span className="line-clamp-2 block text-slate-600">
        {quote.deleted ? t('chat.message.deleted') : quote.body}
      </span>
    </button>
  );
}

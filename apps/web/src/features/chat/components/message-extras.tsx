import type { ChatAttachment, ChatMessage } from '@rally/shared';
import { Download, FileText } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ResponsiveImage } from '../../../components/ui/responsive-image';
import { fileSize, isPdf } from '../utils/files';

/**
 * A PDF of a message as a card: icon, its name ("PDF document 2": the upload keeps no file name), kind and size
 * when known; the whole card is a link that opens it in a new tab (the browser shows or downloads it). `url` null
 * while it is not uploaded yet (then the card is not a link).
 */
export function DocumentCard({ url, n, size }: { url: string | null; n: number; size?: number | null }) {
  const { t, i18n } = useTranslation();
  const shownSize = fileSize(size, i18n.language);
  const content = (
    <>
      <span
        aria-hidden
        className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-red-50 text-red-700"
      >
        <FileText className="size-5" />
      </span>
      <span className="min-w-0 flex-1">
        <span className="block truncate font-semibold text-slate-900">{t('chat.message.pdf', { n })}</span>
        <span className="block text-xs text-slate-600">
          {shownSize ? t('chat.message.fileMeta', { kind: 'PDF', size: shownSize }) : 'PDF'}
        </span>
      </span>
    </>
  );
  const box =
    'flex w-64 max-w-full items-center gap-3 rounded-xl border border-slate-200 bg-white px-3 py-2 text-sm';
  if (url === null) return <span className={box}>{content}</span>;
  return (
    <a
      href={url}
      target="_blank"
      rel="noopener noreferrer"
      className={`${box} hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-brand-text`}
    >
      {content}
      <Download aria-hidden className="size-4 shrink-0 text-slate-600" />
      <span className="sr-only">{t('chat.message.opensInNewTab')}</span>
    </a>
  );
}

/** A message's files: pictures (each opening in full), videos with controls, PDFs as cards, other files as links. */
export function Attachments({
  attachments,
  authorName,
}: {
  attachments: ChatAttachment[];
  authorName: string;
}) {
  const { t } = useTranslation();
  if (attachments.length === 0) return null;
  // PDFs are named by their place among the message's PDFs ("PDF document 1" even after a picture).
  const pdfs = attachments.filter((file) => isPdf(file.content_type));
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
          ) : isPdf(file.content_type) ? (
            <DocumentCard url={file.url} n={pdfs.indexOf(file) + 1} size={file.size} />
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

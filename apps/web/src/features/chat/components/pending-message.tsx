import type { Mention } from '@rally/shared';
import { clsx } from 'clsx';
import { useTranslation } from 'react-i18next';
import { Avatar } from '../../../components/ui/avatar';
import { Button } from '../../../components/ui/button';
import { ResponsiveImage } from '../../../components/ui/responsive-image';
import { RichText } from '../../../components/ui/rich-text';
import type { OutboxItem } from '../api/outbox';
import { isPdf } from '../utils/files';
import { DocumentCard } from './message-extras';

interface PendingMessageProps {
  item: OutboxItem;
  author: { name: string; imageUrl: string | null };
  onRetry: (clientMessageId: string) => void;
  onDiscard: (clientMessageId: string) => void;
}

/**
 * A message the member sent that is on its way, or was not sent: the server's reason (brand safety names the
 * phrase), Retry when trying again may help (the same client id, so it is stored once) and Discard.
 */
export function PendingMessage({ item, author, onRetry, onDiscard }: PendingMessageProps) {
  const { t } = useTranslation();
  const isFailed = item.status === 'failed';
  const mentions: Mention[] = item.mentions;
  return (
    <article
      aria-label={t('chat.message.label', { name: author.name })}
      data-client-message-id={item.client_message_id}
      className={clsx('flex gap-3 rounded-xl px-3 pt-2 pb-1', isFailed && 'bg-red-50')}
    >
      <div className="w-8 shrink-0">
        <Avatar imageUrl={author.imageUrl} name={author.name} size="sm" />
      </div>
      <div className="min-w-0 flex-1">
        <p className="font-semibold text-slate-900">{author.name}</p>
        {item.quote && (
          <p className="mb-1 line-clamp-1 max-w-md rounded-lg border-l-4 border-brand-text/60 bg-slate-50 px-3 py-1 text-sm text-slate-600">
            {item.quote.body}
          </p>
        )}
        {item.body && <RichText text={item.body} mentions={mentions} className="text-[0.9375rem]" />}
        {item.attachments.length > 0 && (
          <ul className="mt-1.5 flex flex-wrap gap-2" aria-label={t('chat.message.attachments')}>
            {item.attachments.map((file, index) => (
              <li key={file.url}>
                {file.previewUrl && file.content_type.startsWith('image/') ? (
                  <ResponsiveImage
                    src={file.previewUrl}
                    alt={t('chat.message.imageAlt', { name: author.name, n: index + 1 })}
                    sizes="120px"
                    width={120}
                    height={90}
                    className="h-22 w-30 rounded-lg object-cover"
                  />
                ) : isPdf(file.content_type) ? (
                  <DocumentCard
                    url={file.url}
                    n={item.attachments.filter((a) => isPdf(a.content_type)).indexOf(file) + 1}
                    size={file.size}
                  />
                ) : (
                  <span className="text-sm text-slate-600">{t('chat.message.file', { n: index + 1 })}</span>
                )}
              </li>
            ))}
          </ul>
        )}
        {isFailed ? (
          <div role="alert" className="mt-1 space-y-2">
            <p className="text-sm font-medium text-red-700">
              {t('chat.send.failed')} {item.error}
            </p>
            <div className="flex gap-2">
              {item.canRetry && (
                <Button size="sm" variant="secondary" onClick={() => onRetry(item.client_message_id)}>
                  {t('chat.send.retry')}
                </Button>
              )}
              <Button size="sm" variant="ghost" onClick={() => onDiscard(item.client_message_id)}>
                {t('chat.send.discard')}
              </Button>
            </div>
          </div>
        ) : (
          <p className="text-xs text-slate-600">{t('chat.send.sending')}</p>
        )}
      </div>
    </article>
  );
}

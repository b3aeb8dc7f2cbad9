import {
  highlightSafetyPhrases,
  MODERATION_TARGET_KINDS,
  type ModerationItem,
  type User,
} from '@rally/shared';
import { EyeOff } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Avatar } from '../../../components/ui/avatar';
import { Badge } from '../../../components/ui/badge';
import { Card } from '../../../components/ui/card';
import { formatDateTime, formatRelativeTime } from '../../../utils/format-date';
import { DecisionActions } from './decision-actions';
import { HighlightedSegments } from './highlighted-segments';

const PUBLIC_TARGETS = new Set(['post', 'comment', 'chat', 'profile']);

/** One queued text: who wrote it where and when, the text with its matched words marked, and the decision. */
export function ModerationCard({ user, item }: { user: User; item: ModerationItem }) {
  const { t, i18n } = useTranslation();
  const headingId = useId();
  const name = item.author?.display_name ?? t('safety.queue.unknownAuthor');
  const target = (MODERATION_TARGET_KINDS as readonly string[]).includes(item.target_kind)
    ? item.target_kind
    : 'other';
  // Captions and responses are never public by themselves, so "Published" would mislead.
  const isPublic = PUBLIC_TARGETS.has(item.target_kind);
  return (
    <Card className="p-4 sm:p-5">
      <article aria-labelledby={headingId} className="space-y-3">
        <header className="flex items-start gap-3">
          <Avatar imageUrl={item.author?.image_url} name={name} />
          <div className="min-w-0 flex-1">
            <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
              <h3 id={headingId} className="font-semibold text-slate-900">
                {name}
              </h3>
              {item.status === 'pending' &&
                (item.is_held ? (
                  <Badge tone="warning">
                    <EyeOff aria-hidden className="size-3.5" />
                    {t('safety.queue.held')}
                  </Badge>
                ) : (
                  isPublic && <Badge tone="info">{t('safety.queue.published')}</Badge>
                ))}
            </div>
            <p className="text-sm text-slate-600">
              <span className="font-medium text-brand-text">{t(`safety.queue.targets.${target}`)}</span>
              {' · '}
              <time dateTime={item.created_at} title={formatDateTime(item.created_at, i18n.language)}>
                {formatRelativeTime(item.created_at, i18n.language)}
              </time>
            </p>
          </div>
        </header>
        <div className="space-y-1.5 sm:ml-13">
          <HighlightedSegments segments={highlightSafetyPhrases(item.text, item.matches)} />
          <p className="text-xs text-slate-500">
            {t('safety.queue.matched', { words: item.matches.join(', ') })}
          </p>
        </div>
        <div className="border-t border-slate-100 pt-3 sm:ml-13">
          {item.status === 'pending' ? (
            <DecisionActions user={user} item={item} authorName={name} />
          ) : (
            <p className="text-sm text-slate-600">
              {t(item.status === 'approved' ? 'safety.queue.approvedBy' : 'safety.queue.removedBy', {
                name: item.decided_by?.display_name ?? t('safety.queue.someone'),
                time: item.decided_at ? formatRelativeTime(item.decided_at, i18n.language) : '',
              })}
            </p>
          )}
        </div>
      </article>
    </Card>
  );
}

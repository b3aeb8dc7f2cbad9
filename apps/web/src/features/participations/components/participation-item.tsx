import type { AdminParticipation, User } from '@rally/shared';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Avatar } from '../../../components/ui/avatar';
import { Card } from '../../../components/ui/card';
import { formatDateTime, formatRelativeTime } from '../../../utils/format-date';
import { ParticipationContent } from './participation-content';
import { ParticipationStatusBadge } from './participation-status-badge';
import { ReviewActions } from './review-actions';

interface ParticipationItemProps {
  user: User;
  participation: AdminParticipation;
  /** Links the project to its admin page (ADMIN only). */
  canOpenProject: boolean;
}

/** One participation: who, which activity of which project, when, its status, what was sent, review. */
export function ParticipationItem({ user, participation: p, canOpenProject }: ParticipationItemProps) {
  const { t, i18n } = useTranslation();
  const headingId = useId();
  const isReviewable = p.status === 'pending' && p.activity.type === 'content_submission';
  return (
    <Card className="p-4 sm:p-5">
      <article aria-labelledby={headingId} className="space-y-3">
        <header className="flex items-start gap-3">
          <Avatar imageUrl={p.user.image_url} name={p.user.display_name} />
          <div className="min-w-0 flex-1">
            <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
              <h3 id={headingId} className="font-semibold text-slate-900">
                {p.user.display_name}
              </h3>
              <ParticipationStatusBadge status={p.status} />
            </div>
            <p className="text-sm text-slate-600">
              <span className="font-medium text-brand-text">{t(`activityTypes.${p.activity.type}`)}</span>
              {' · '}
              {p.activity.title}
              {' · '}
              {canOpenProject ? (
                <Link to={`/admin/projects/${p.project.id}`} className="underline hover:text-brand-text">
                  {p.project.name}
                </Link>
              ) : (
                p.project.name
              )}
            </p>
            <p className="text-xs text-slate-500">
              <time dateTime={p.created_at} title={formatDateTime(p.created_at, i18n.language)}>
                {formatRelativeTime(p.created_at, i18n.language)}
              </time>
              {' · '}
              {t('participation.points', { count: p.activity.points })}
              {p.user.email && <span className="hidden sm:inline">{` · ${p.user.email}`}</span>}
            </p>
          </div>
        </header>
        <ParticipationContent participation={p} />
        {isReviewable && (
          <div className="border-t border-slate-100 pt-3 sm:ml-13">
            <ReviewActions user={user} participation={p} />
          </div>
        )}
      </article>
    </Card>
  );
}

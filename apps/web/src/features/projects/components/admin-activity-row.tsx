import type { AdminActivity } from '@rally/shared';
import { Pencil, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { formatDate } from '../../../utils/format-date';
import { ACTIVITY_TYPE_ICONS } from './admin-activity-type-icon';

interface AdminActivityRowProps {
  activity: AdminActivity;
  /** Both absent for read-only viewers (team leads). */
  onEdit?: () => void;
  onRemove?: () => void;
}

/** One activity: type, title, points, dates, participations, Edit and Remove. */
export function AdminActivityRow({ activity, onEdit, onRemove }: AdminActivityRowProps) {
  const { t, i18n } = useTranslation();
  const Icon = ACTIVITY_TYPE_ICONS[activity.type];
  const date = (iso: string) => formatDate(iso, i18n.language);
  const facts = [
    t('adminProjects.activities.points', { count: activity.points }),
    activity.starts_at && t('adminProjects.activities.opens', { date: date(activity.starts_at) }),
    activity.due_at && t('adminProjects.activities.due', { date: date(activity.due_at) }),
    t('adminProjects.activities.participations', { count: activity.participation_count }),
  ].filter(Boolean);
  return (
    <li className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center">
      <div className="flex min-w-0 flex-1 items-start gap-3 sm:items-center">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-brand/10 text-brand-text">
          <Icon aria-hidden className="size-5" />
        </span>
        <div className="min-w-0 flex-1">
          <p className="text-xs font-semibold uppercase tracking-wide text-brand-text">
            {t(`activityTypes.${activity.type}`)}
          </p>
          <h3 className="break-words font-semibold text-slate-900 sm:truncate">{activity.title}</h3>
          <p className="mt-0.5 text-xs text-slate-600">{facts.join(' · ')}</p>
        </div>
      </div>
      {onEdit && onRemove && (
        <div className="flex gap-2 pl-13 sm:shrink-0 sm:pl-0">
          <Button
            variant="secondary"
            size="sm"
            onClick={onEdit}
            aria-label={t('adminProjects.activities.editLabel', { title: activity.title })}
          >
            <Pencil aria-hidden className="size-4" />
            {t('adminProjects.activities.edit')}
          </Button>
          <Button
            variant="ghost"
            size="sm"
            onClick={onRemove}
            aria-label={t('adminProjects.activities.removeLabel', { title: activity.title })}
            className="text-red-700 hover:bg-red-50"
          >
            <Trash2 aria-hidden className="size-4" />
            {t('adminProjects.activities.remove')}
          </Button>
        </div>
      )}
    </li>
  );
}

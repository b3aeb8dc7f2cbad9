import type { Activity } from '@rally/shared';
import { clsx } from 'clsx';
import { Clock } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { getDueInfo } from '../utils/due-date';

/** "Opens tomorrow", "Due in 3 days" (amber when soon and still to do) or "Closed 2 days ago". */
export function DueLabel({ activity }: { activity: Pick<Activity, 'starts_at' | 'due_at' | 'status'> }) {
  const { t, i18n } = useTranslation();
  const now = Date.now();
  if (activity.starts_at && new Date(activity.starts_at).getTime() > now) {
    const opens = getDueInfo(activity.starts_at, i18n.language, now);
    return <Line text={t('activities.opens', { when: opens.relative })} />;
  }
  if (!activity.due_at) return null;
  const due = getDueInfo(activity.due_at, i18n.language, now);
  const isTodo = activity.status === 'todo' || activity.status === 'rejected';
  const text = due.isPast
    ? t('activities.closed', { when: due.relative })
    : t('activities.due', { when: due.relative });
  return <Line text={text} isUrgent={isTodo && due.isSoon} />;
}

function Line({ text, isUrgent = false }: { text: string; isUrgent?: boolean }) {
  return (
    <span
      className={clsx(
        'inline-flex items-center gap-1',
        isUrgent ? 'font-semibold text-amber-700' : 'text-slate-500',
      )}
    >
      <Clock aria-hidden className="size-3.5" />
      {text}
    </span>
  );
}

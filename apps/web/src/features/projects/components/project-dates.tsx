import type { Project } from '@rally/shared';
import { CalendarDays } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../utils/format-date';

/** "12 Mar 2026 – 30 Apr 2026", or only the start or end; nothing without dates. */
export function ProjectDates({ project }: { project: Pick<Project, 'starts_at' | 'ends_at'> }) {
  const { t, i18n } = useTranslation();
  const [start, end] = [project.starts_at, project.ends_at].map((d) =>
    d ? formatDate(d, i18n.language) : null,
  );
  if (!start && !end) return null;
  const text =
    start && end
      ? t('projects.dateRange', { start, end })
      : start
        ? t('projects.starts', { date: start })
        : t('projects.ends', { date: end });
  return (
    <span className="inline-flex items-center gap-1.5 text-xs text-slate-500">
      <CalendarDays aria-hidden className="size-3.5" />
      {text}
    </span>
  );
}

import type { Project } from '@rally/shared';
import { CalendarDays, CircleCheck, FolderKanban, GraduationCap } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Card } from '../../../components/ui/card';
import { formatDate } from '../../../utils/format-date';

function StatusPill({ project }: { project: Project }) {
  const { t } = useTranslation();
  if (project.completed)
    return (
      <span className="inline-flex items-center gap-1 rounded-full bg-emerald-50 px-2.5 py-1 text-xs font-semibold text-emerald-700">
        <CircleCheck aria-hidden className="size-3.5" />
        {t('projects.completed')}
      </span>
    );
  if (project.joined)
    return (
      <span className="rounded-full bg-brand/10 px-2.5 py-1 text-xs font-semibold text-brand">
        {t('projects.joined')}
      </span>
    );
  return (
    <span className="rounded-full bg-slate-100 px-2.5 py-1 text-xs font-semibold text-slate-600">
      {t('projects.open')}
    </span>
  );
}

/** A project (or training) summary card. */
export function ProjectCard({ project }: { project: Project }) {
  const { t, i18n } = useTranslation();
  const Icon = project.context.training ? GraduationCap : FolderKanban;
  const dates = [project.starts_at, project.ends_at].map((d) => (d ? formatDate(d, i18n.language) : null));
  return (
    <Card className="flex h-full flex-col overflow-hidden">
      {project.image_url ? (
        <img src={project.image_url} alt="" className="aspect-[16/9] w-full object-cover" />
      ) : (
        <div className="flex h-24 w-full items-center justify-center bg-gradient-to-br from-brand/15 to-accent/20 sm:h-28">
          <Icon aria-hidden className="size-8 text-brand" />
        </div>
      )}
      <div className="flex flex-1 flex-col gap-2 p-4">
        <div className="flex items-start justify-between gap-2">
          <h3 className="text-base font-semibold text-slate-900">{project.name}</h3>
          <StatusPill project={project} />
        </div>
        {project.description && <p className="line-clamp-3 text-sm text-slate-600">{project.description}</p>}
        {(dates[0] || dates[1]) && (
          <p className="mt-auto flex items-center gap-1.5 pt-2 text-xs text-slate-500">
            <CalendarDays aria-hidden className="size-3.5" />
            {dates[0] && dates[1]
              ? t('projects.dateRange', { start: dates[0], end: dates[1] })
              : dates[0]
                ? t('projects.starts', { date: dates[0] })
                : t('projects.ends', { date: dates[1] })}
          </p>
        )}
      </div>
    </Card>
  );
}

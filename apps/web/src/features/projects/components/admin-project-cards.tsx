import type { AdminProject } from '@rally/shared';
import { CalendarDays, ListChecks, Users } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Card } from '../../../components/ui/card';
import { useAudienceLabel, useDatesLabel } from './project-facts';
import { ProjectStateBadge } from './project-state-badge';
import { ProjectThumb } from './project-thumb';

/** Projects as tappable cards, on phones. */
export function AdminProjectCards({ projects }: { projects: readonly AdminProject[] }) {
  const { t } = useTranslation();
  const audienceOf = useAudienceLabel();
  const datesOf = useDatesLabel();
  return (
    <ul className="space-y-3">
      {projects.map((project) => (
        <li key={project.id}>
          <Card className="relative flex gap-3 p-3.5 transition hover:border-slate-300">
            <ProjectThumb imageUrl={project.image_url} className="size-14" />
            <div className="min-w-0 flex-1 space-y-1.5">
              <div className="flex items-start justify-between gap-2">
                <Link
                  to={`/admin/projects/${project.id}`}
                  className="font-semibold text-slate-900 after:absolute after:inset-0"
                >
                  {project.name}
                </Link>
                <ProjectStateBadge state={project.state} />
              </div>
              <p className="flex items-center gap-1.5 text-xs text-slate-600">
                <CalendarDays aria-hidden className="size-3.5 shrink-0" />
                {datesOf(project)}
              </p>
              <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-slate-600">
                <span className="inline-flex items-center gap-1.5">
                  <Users aria-hidden className="size-3.5" />
                  {audienceOf(project)}
                </span>
                <span className="inline-flex items-center gap-1.5">
                  <ListChecks aria-hidden className="size-3.5" />
                  {t('adminProjects.activityCount', { count: project.activity_count })}
                </span>
                <span>{t('adminProjects.memberCount', { count: project.member_count })}</span>
              </p>
            </div>
          </Card>
        </li>
      ))}
    </ul>
  );
}

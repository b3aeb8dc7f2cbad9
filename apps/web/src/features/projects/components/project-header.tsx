import { Star } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Card } from '../../../components/ui/card';
import type { ProjectDetail } from '../api/get-project';
import { ProjectBadges } from './project-badges';
import { ProjectCover } from './project-cover';
import { ProjectDates } from './project-dates';
import { ProjectMembership } from './project-membership';
import { ProjectProgress } from './project-progress';

/** Cover, name, state, dates, description, the member's progress and Join / Leave. */
export function ProjectHeader({ userId, project }: { userId: string; project: ProjectDetail }) {
  const { t } = useTranslation();
  return (
    <Card className="overflow-hidden">
      <ProjectCover project={project} size="hero" isPriority />
      <div className="space-y-4 p-5 sm:p-6">
        <div className="space-y-2">
          <ProjectBadges project={project} />
          <h2 className="text-2xl font-bold tracking-tight text-slate-900">{project.name}</h2>
          <div className="flex flex-wrap items-center gap-x-4 gap-y-1">
            <ProjectDates project={project} />
            {project.points > 0 && (
              <span className="inline-flex items-center gap-1 text-xs font-semibold text-amber-700">
                <Star aria-hidden className="size-3.5 fill-amber-400 text-amber-500" />
                {t('projects.points', { count: project.points })}
              </span>
            )}
          </div>
        </div>
        {project.description && (
          <p className="max-w-3xl whitespace-pre-line text-[0.9375rem] leading-relaxed text-slate-700">
            {project.description}
          </p>
        )}
        {project.joined && project.activity_count > 0 && (
          <div className="max-w-md">
            <ProjectProgress project={project} />
          </div>
        )}
        <ProjectMembership userId={userId} project={project} />
      </div>
    </Card>
  );
}

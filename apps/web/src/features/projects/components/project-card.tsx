import type { Project } from '@rally/shared';
import { Star } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Card } from '../../../components/ui/card';
import { ProjectBadges } from './project-badges';
import { ProjectCover } from './project-cover';
import { ProjectDates } from './project-dates';
import { ProjectProgress } from './project-progress';

/**
 * A project in a list: cover, name (the link), state, description, the member's progress and points. The page's
 * first card loads its cover at once (`hasPriorityCover`).
 */
export function ProjectCard({
  project,
  hasPriorityCover = false,
}: {
  project: Project;
  hasPriorityCover?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Card className="group relative flex h-full flex-col overflow-hidden transition hover:border-brand/40 hover:shadow-md focus-within:ring-3 focus-within:ring-brand/25">
      <ProjectCover project={project} isPriority={hasPriorityCover} />
      <div className="flex flex-1 flex-col gap-2.5 p-4">
        <ProjectBadges project={project} />
        <h3 className="text-base font-semibold leading-snug text-slate-900">
          {/* The link covers the whole card, so its name stays just the project's name. */}
          <Link
            to={`/projects/${project.id}`}
            className="after:absolute after:inset-0 focus:outline-none group-hover:text-brand-text"
          >
            {project.name}
          </Link>
        </h3>
        {project.description && <p className="line-clamp-2 text-sm text-slate-600">{project.description}</p>}
        <div className="mt-auto space-y-2.5 pt-1">
          {project.joined && project.activity_count > 0 && <ProjectProgress project={project} />}
          <div className="flex flex-wrap items-center justify-between gap-2">
            <ProjectDates project={project} />
            {project.points > 0 && (
              <span className="inline-flex items-center gap-1 text-xs font-semibold text-amber-700">
                <Star aria-hidden className="size-3.5 fill-amber-400 text-amber-500" />
                {t('projects.points', { count: project.points })}
              </span>
            )}
          </div>
        </div>
      </div>
    </Card>
  );
}

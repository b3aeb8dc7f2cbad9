import type { Project } from '@rally/shared';
import type { ReactNode } from 'react';
import { useId } from 'react';
import { ProjectCard } from './project-card';

interface ProjectSectionProps {
  title: string;
  description?: ReactNode;
  projects: readonly Project[];
  /** The page's first section of cards: its first card loads its cover at once. */
  hasPriorityCover?: boolean;
}

/** A titled grid of project cards, named by its heading. */
export function ProjectSection({
  title,
  description,
  projects,
  hasPriorityCover = false,
}: ProjectSectionProps) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="space-y-3">
      <div>
        <h2 id={headingId} className="text-lg font-bold tracking-tight text-slate-900">
          {title}
          <span aria-hidden className="ml-2 align-middle text-sm font-semibold text-slate-400">
            {projects.length}
          </span>
        </h2>
        {description && <p className="mt-0.5 text-sm text-slate-600">{description}</p>}
      </div>
      {projects.length > 0 && (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {projects.map((project, index) => (
            <li key={project.id}>
              <ProjectCard project={project} hasPriorityCover={hasPriorityCover && index === 0} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

import type { Project } from '@rally/shared';
import { FolderKanban, GraduationCap } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { EmptyState } from '../../../components/ui/empty-state';
import { PageLoader } from '../../../components/ui/page-loader';
import { useProjects } from '../api/get-projects';
import { getTrainings } from '../utils/trainings';

import { ProjectCard } from './project-card';

interface ProjectsListProps {
  userId: string;
  /** Only trainings (the training library). */
  trainingsOnly?: boolean;
}

function ProjectGrid({ projects }: { projects: readonly Project[] }) {
  return (
    <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {projects.map((project) => (
        <li key={project.id}>
          <ProjectCard project={project} />
        </li>
      ))}
    </ul>
  );
}

/** The user's projects (or trainings) from GET /api/projects, with an honest empty state. */
export function ProjectsList({ userId, trainingsOnly = false }: ProjectsListProps) {
  const { t } = useTranslation();
  const query = useProjects(userId);
  if (query.isPending) return <PageLoader />;
  if (query.isError) return <Alert tone="error">{query.error.message}</Alert>;
  const projects = trainingsOnly ? getTrainings(query.data.projects) : query.data.projects;
  if (projects.length === 0) {
    const projectsWord = t('words.projects').toLocaleLowerCase();
    return trainingsOnly ? (
      <EmptyState
        icon={GraduationCap}
        title={t('training.emptyTitle')}
        description={t('training.emptyText')}
      />
    ) : (
      <EmptyState
        icon={FolderKanban}
        title={t('projects.emptyTitle', { projects: projectsWord })}
        description={t('projects.emptyText', { projects: projectsWord })}
      />
    );
  }
  return <ProjectGrid projects={projects} />;
}

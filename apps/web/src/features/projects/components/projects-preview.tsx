import { ArrowRight, FolderKanban } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeading } from '../../../components/layouts/page-heading';
import { Alert } from '../../../components/ui/alert';
import { EmptyState } from '../../../components/ui/empty-state';
import { Spinner } from '../../../components/ui/spinner';
import { useProjects } from '../api/get-projects';
import { ProjectCard } from './project-card';

const PREVIEW_COUNT = 3;

/** The first few of the user's projects (joined first) with a link to all of them; a guest's to explore. */
export function ProjectsPreview({ userId, isGuest = false }: { userId: string; isGuest?: boolean }) {
  const { t } = useTranslation();
  const query = useProjects(userId);
  const projectsWord = t('words.projects');
  const lower = projectsWord.toLocaleLowerCase();
  const heading = t(isGuest ? 'homeGuest.projects' : 'home.yourProjects', { projects: lower });
  let body: ReactNode;
  if (query.isPending) body = <Spinner className="size-6 text-brand-text" label={t('common.loading')} />;
  else if (query.isError) body = <Alert tone="error">{query.error.message}</Alert>;
  else if (query.data.projects.length === 0)
    body = (
      <EmptyState
        icon={FolderKanban}
        title={t('projects.emptyTitle', { projects: lower })}
        description={t('projects.emptyText', { projects: lower })}
        headingLevel="h3"
      />
    );
  else {
    const sorted = [...query.data.projects].sort((a, b) => Number(b.joined) - Number(a.joined));
    body = (
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {sorted.slice(0, PREVIEW_COUNT).map((project, index) => (
          <li key={project.id}>
            {/* The first cover is the home page's largest picture: loaded at once. */}
            <ProjectCard project={project} hasPriorityCover={index === 0} />
          </li>
        ))}
      </ul>
    );
  }
  return (
    <section className="space-y-4">
      <PageHeading
        title={heading}
        action={
          <Link
            to="/projects"
            className="inline-flex items-center gap-1 text-sm font-semibold text-brand-text hover:underline"
          >
            {t('home.seeAll', { projects: lower })}
            <ArrowRight aria-hidden className="size-4" />
          </Link>
        }
      />
      {body}
    </section>
  );
}

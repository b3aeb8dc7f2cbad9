import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useProject } from '../api/get-project';
import { useProjectWords } from '../hooks/use-project-words';
import { ActivityList } from './activity-list';
import { BackLink } from './back-link';
import { LoadError } from './load-error';
import { ProjectHeader } from './project-header';
import { ProjectSkeleton } from './project-skeleton';

/** The project page: header with Join / Leave, then its activities with the member's status. */
export function ProjectView({ userId, projectId }: { userId: string; projectId: string }) {
  const { t } = useTranslation();
  const words = useProjectWords();
  const query = useProject(userId, projectId);
  const back = <BackLink to="/projects">{t('projects.back', { projects: words.Projects })}</BackLink>;
  let body: ReactNode;
  if (query.isPending) body = <ProjectSkeleton />;
  else if (query.isError)
    body = (
      <LoadError
        error={query.error}
        onRetry={() => query.refetch()}
        backTo="/projects"
        backLabel={t('projects.back', { projects: words.Projects })}
      />
    );
  else
    body = (
      <>
        <ProjectHeader userId={userId} project={query.data} />
        <ActivityList activities={query.data.activities} />
      </>
    );
  return (
    <div className="mx-auto max-w-4xl space-y-6">
      {back}
      {body}
    </div>
  );
}

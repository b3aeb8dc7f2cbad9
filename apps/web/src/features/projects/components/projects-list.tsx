import { clsx } from 'clsx';
import { FolderKanban } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { useProjects } from '../api/get-projects';
import { useProjectWords } from '../hooks/use-project-words';
import { type ActivityFilter, getActivityTypeLabelKey, parseActivityFilter } from '../utils/activity-types';
import { groupProjects } from '../utils/project-sections';
import { ProjectSection } from './project-section';
import { ProjectTypeFilter } from './project-type-filter';
import { ProjectsSkeleton } from './projects-skeleton';

/** The member's projects by section ("Your projects", "Open to join", past), filtered by activity type (?type=). */
export function ProjectsList({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const words = useProjectWords();
  const [params, setParams] = useSearchParams();
  const type = parseActivityFilter(params.get('type'));
  const query = useProjects(userId, true, type);

  const handleType = (next: ActivityFilter) =>
    setParams(
      (previous) => {
        const updated = new URLSearchParams(previous);
        if (next === 'all') updated.delete('type');
        else updated.set('type', next);
        return updated;
      },
      { replace: true },
    );

  let body: ReactNode;
  if (query.isPending) body = <ProjectsSkeleton />;
  else if (query.isError)
    body = (
      <Alert tone="error">
        <p>{query.error.message}</p>
        <Button variant="secondary" size="sm" className="mt-2" onClick={() => query.refetch()}>
          {t('projects.retry')}
        </Button>
      </Alert>
    );
  else if (query.data.projects.length === 0)
    body =
      type === 'all' ? (
        <EmptyState
          icon={FolderKanban}
          title={t('projects.emptyTitle', { projects: words.projects })}
          description={t('projects.emptyText', { projects: words.projects })}
        />
      ) : (
        <EmptyState
          icon={FolderKanban}
          title={t('projects.emptyFilteredTitle', {
            projects: words.projects,
            type: t(getActivityTypeLabelKey(type)),
          })}
          description={t('projects.emptyFilteredText', { project: words.project })}
          action={<Button onClick={() => handleType('all')}>{t('projects.showAll')}</Button>}
        />
      );
  else {
    const sections = groupProjects(query.data.projects);
    // The first card on the page (its cover is the likely largest paint) is in the first section that has cards.
    const prioritySection = (['joined', 'open', 'past'] as const).find((key) => sections[key].length > 0);
    body = (
      <div
        aria-busy={query.isPlaceholderData || undefined}
        className={clsx('space-y-10 transition-opacity', query.isPlaceholderData && 'opacity-60')}
      >
        {(sections.joined.length > 0 || sections.open.length > 0) && (
          <ProjectSection
            title={t('projects.yourProjects', { projects: words.projects })}
            description={
              sections.joined.length === 0
                ? t('projects.noneJoined', { projects: words.projects })
                : undefined
            }
            projects={sections.joined}
            hasPriorityCover={prioritySection === 'joined'}
          />
        )}
        {sections.open.length > 0 && (
          <ProjectSection
            title={t('projects.openToJoin')}
            projects={sections.open}
            hasPriorityCover={prioritySection === 'open'}
          />
        )}
        {sections.past.length > 0 && (
          <ProjectSection
            title={t('projects.past', { projects: words.projects })}
            projects={sections.past}
            hasPriorityCover={prioritySection === 'past'}
          />
        )}
      </div>
    );
  }
  return (
    <div className="space-y-6">
      <ProjectTypeFilter value={type} onChange={handleType} />
      {body}
    </div>
  );
}

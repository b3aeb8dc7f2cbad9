import { isAdmin, type User } from '@rally/shared';
import { FolderKanban, Plus } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { PageHeading } from '../../../components/layouts/page-heading';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { SegmentedControl } from '../../../components/ui/segmented-control';
import { Skeleton } from '../../../components/ui/skeleton';
import { ApiError } from '../../../lib/api-client';
import type { ProjectStatusFilter } from '../api/admin-query-keys';
import { useAdminProjects } from '../api/get-admin-projects';
import { useWords } from '../hooks/use-words';
import { AdminProjectCards } from './admin-project-cards';
import { AdminProjectsTable } from './admin-projects-table';
import { ApiErrorState } from './api-error-state';
import { ProjectFormDialog } from './project-form-dialog';

const STATUSES: readonly ProjectStatusFilter[] = ['current', 'archived', 'all'];
const parseStatus = (value: string | null): ProjectStatusFilter =>
  STATUSES.find((status) => status === value) ?? 'current';

function ListSkeleton() {
  return (
    <div className="space-y-3" aria-hidden>
      {[0, 1, 2].map((i) => (
        <Skeleton key={i} className="h-20 w-full rounded-2xl" />
      ))}
    </div>
  );
}

/** /admin/projects: the client's projects by status, with "New {project}". */
export function AdminProjectsList({ user }: { user: User }) {
  const { t } = useTranslation();
  const words = useWords();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const status = parseStatus(params.get('status'));
  const query = useAdminProjects(user.id, status);
  const [isCreating, setIsCreating] = useState(false);
  // Team leads see the tab read-only (SPEC 6: only ADMIN manages projects); the server enforces it too.
  const canManage = isAdmin(user);

  const newButton = (
    <Button onClick={() => setIsCreating(true)}>
      <Plus aria-hidden className="size-4" />
      {t('adminProjects.newProject')}
    </Button>
  );
  // The server decides who manages projects: when it refuses, show only that, without actions.
  if (query.error instanceof ApiError && query.error.status === 403) {
    return (
      <div className="space-y-5">
        <PageHeading title={t('words.projects')} />
        <ApiErrorState error={query.error} onRetry={() => void query.refetch()} />
      </div>
    );
  }
  const handleStatus = (next: ProjectStatusFilter) =>
    setParams(next === 'current' ? {} : { status: next }, { replace: true });

  return (
    <div className="space-y-5">
      <PageHeading
        title={t('words.projects')}
        description={t(canManage ? 'adminProjects.intro' : 'adminProjects.introReadOnly', words)}
        action={canManage ? newButton : undefined}
      />
      <SegmentedControl
        label={t('adminProjects.filterLabel')}
        options={STATUSES.map((value) => ({ value, label: t(`adminProjects.status.${value}`) }))}
        value={status}
        onChange={handleStatus}
      />
      {query.isPending ? (
        <ListSkeleton />
      ) : query.isError ? (
        <ApiErrorState error={query.error} onRetry={() => void query.refetch()} />
      ) : query.data.length === 0 ? (
        <EmptyState
          icon={FolderKanban}
          title={t(
            status === 'archived' ? 'adminProjects.emptyArchivedTitle' : 'adminProjects.emptyTitle',
            words,
          )}
          description={t(
            status === 'archived' ? 'adminProjects.emptyArchivedText' : 'adminProjects.emptyText',
            words,
          )}
        />
      ) : (
        <>
          <div className="md:hidden">
            <AdminProjectCards projects={query.data} />
          </div>
          <div className="hidden md:block">
            <AdminProjectsTable projects={query.data} />
          </div>
        </>
      )}
      <ProjectFormDialog
        user={user}
        project={null}
        isOpen={canManage && isCreating}
        onClose={() => setIsCreating(false)}
        onSaved={(project) => navigate(`/admin/projects/${project.id}`)}
      />
    </div>
  );
}

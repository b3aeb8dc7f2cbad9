import { isAdmin, type User } from '@rally/shared';
import { ArrowLeft } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { Skeleton } from '../../../components/ui/skeleton';
import { useAdminProject } from '../api/get-admin-project';
import { useWords } from '../hooks/use-words';
import { ActivitiesSection } from './activities-section';
import { AdminProjectHeader } from './admin-project-header';
import { ApiErrorState } from './api-error-state';
import { InvitesEditor } from './invites-editor';
import { ProjectChatChannel } from './project-chat-channel';
import { ProjectFormDialog } from './project-form-dialog';

function BackLink() {
  const { t } = useTranslation();
  return (
    <Link
      to="/admin/projects"
      className="inline-flex items-center gap-1.5 text-sm font-medium text-slate-600 hover:text-brand-text"
    >
      <ArrowLeft aria-hidden className="size-4" />
      {t('adminProjects.detail.back')}
    </Link>
  );
}

/** /admin/projects/:id: the project, its actions and its activities. */
export function AdminProjectDetail({ user, projectId }: { user: User; projectId: string }) {
  const { t } = useTranslation();
  const words = useWords();
  const query = useAdminProject(user.id, projectId);
  const [isEditing, setIsEditing] = useState(false);

  if (query.isPending) {
    return (
      <div className="space-y-4" aria-busy>
        <BackLink />
        <Skeleton className="h-44 w-full rounded-2xl" />
        <Skeleton className="h-24 w-full rounded-2xl" />
      </div>
    );
  }
  if (query.isError) {
    return (
      <div className="space-y-4">
        <BackLink />
        <ApiErrorState error={query.error} onRetry={() => void query.refetch()} />
      </div>
    );
  }
  const project = query.data;
  // Team leads see projects read-only (SPEC 6: only ADMIN manages them); the server enforces it too.
  const canManage = isAdmin(user);
  return (
    <div className="space-y-6">
      <BackLink />
      {project.archived_at && <Alert>{t('adminProjects.detail.archivedNotice', words)}</Alert>}
      <AdminProjectHeader
        user={user}
        project={project}
        onEdit={canManage ? () => setIsEditing(true) : undefined}
      />
      {project.audience === 'invite' && <InvitesEditor user={user} project={project} />}
      {canManage && <ProjectChatChannel userId={user.id} projectId={project.id} />}
      <ActivitiesSection user={user} project={project} />
      <ProjectFormDialog
        user={user}
        project={project}
        isOpen={canManage && isEditing}
        onClose={() => setIsEditing(false)}
      />
    </div>
  );
}

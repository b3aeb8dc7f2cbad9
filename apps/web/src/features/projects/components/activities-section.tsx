import { type AdminActivity, isAdmin, type User } from '@rally/shared';
import { ListChecks, Plus } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { EmptyState } from '../../../components/ui/empty-state';
import { showToast } from '../../../lib/toast';
import { useDeleteActivity } from '../api/delete-activity';
import type { AdminProjectDetail } from '../api/get-admin-project';
import { useWords } from '../hooks/use-words';
import { ActivityDialog } from './activity-dialog';
import { AdminActivityRow } from './admin-activity-row';

/** The project's activities with Add activity, Edit and Remove (after confirmation). */
export function ActivitiesSection({ user, project }: { user: User; project: AdminProjectDetail }) {
  const { t } = useTranslation();
  const words = useWords();
  const headingId = useId();
  // Each dialog keeps its activity while it closes, so its title doesn't change during the transition.
  const [editing, setEditing] = useState<{ isOpen: boolean; activity: AdminActivity | null }>({
    isOpen: false,
    activity: null,
  });
  const [removing, setRemoving] = useState<{ isOpen: boolean; activity: AdminActivity | null }>({
    isOpen: false,
    activity: null,
  });
  const remove = useDeleteActivity(user.id);
  const canManage = isAdmin(user);

  const closeRemove = () => {
    setRemoving((current) => ({ ...current, isOpen: false }));
    remove.reset();
  };
  const handleRemove = (activity: AdminActivity) =>
    remove.mutate(activity.id, {
      onSuccess: () => {
        closeRemove();
        showToast(t('adminProjects.activities.removed', { title: activity.title }), { tone: 'success' });
      },
    });

  return (
    <section aria-labelledby={headingId} className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={headingId} className="text-lg font-bold tracking-tight text-slate-900">
          {t('adminProjects.activities.heading')}
        </h2>
        {canManage && (
          <Button onClick={() => setEditing({ isOpen: true, activity: null })}>
            <Plus aria-hidden className="size-4" />
            {t('adminProjects.activities.add')}
          </Button>
        )}
      </div>
      {project.activities.length === 0 ? (
        <EmptyState
          icon={ListChecks}
          headingLevel="h3"
          title={t('adminProjects.activities.emptyTitle')}
          description={t('adminProjects.activities.emptyText', words)}
        />
      ) : (
        <Card>
          <ul className="divide-y divide-slate-100">
            {project.activities.map((activity) => (
              <AdminActivityRow
                key={activity.id}
                activity={activity}
                onEdit={canManage ? () => setEditing({ isOpen: true, activity }) : undefined}
                onRemove={canManage ? () => setRemoving({ isOpen: true, activity }) : undefined}
              />
            ))}
          </ul>
        </Card>
      )}
      <ActivityDialog
        user={user}
        projectId={project.id}
        activity={editing.activity}
        isOpen={editing.isOpen}
        onClose={() => setEditing((current) => ({ ...current, isOpen: false }))}
      />
      <ConfirmDialog
        isOpen={removing.isOpen}
        title={t('adminProjects.activities.removeTitle', { title: removing.activity?.title ?? '' })}
        description={t('adminProjects.activities.removeText')}
        confirmLabel={t('adminProjects.activities.remove')}
        cancelLabel={t('adminProjects.cancel')}
        onClose={closeRemove}
        isPending={remove.isPending}
        error={remove.isError ? <Alert tone="error">{remove.error.message}</Alert> : null}
        onConfirm={() => removing.activity && handleRemove(removing.activity)}
      />
    </section>
  );
}

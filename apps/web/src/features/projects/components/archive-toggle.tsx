import type { AdminProject, User } from '@rally/shared';
import { Archive, ArchiveRestore } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { showToast } from '../../../lib/toast';
import { useArchiveProject } from '../api/archive-project';
import { useUnarchiveProject } from '../api/unarchive-project';
import { useWords } from '../hooks/use-words';

/** Archive (after confirmation) or Unarchive a project. */
export function ArchiveToggle({ user, project }: { user: User; project: AdminProject }) {
  const { t } = useTranslation();
  const words = useWords();
  const [isConfirming, setIsConfirming] = useState(false);
  const archive = useArchiveProject(user.id);
  const unarchive = useUnarchiveProject(user.id);

  if (project.archived_at) {
    return (
      <div className="space-y-2">
        <Button
          variant="secondary"
          isLoading={unarchive.isPending}
          onClick={() =>
            unarchive.mutate(project.id, {
              onSuccess: () =>
                showToast(t('adminProjects.detail.unarchived', { name: project.name }), { tone: 'success' }),
            })
          }
        >
          <ArchiveRestore aria-hidden className="size-4" />
          {t('adminProjects.detail.unarchive')}
        </Button>
        {unarchive.isError && <Alert tone="error">{unarchive.error.message}</Alert>}
      </div>
    );
  }

  const handleClose = () => {
    setIsConfirming(false);
    archive.reset();
  };
  return (
    <>
      <Button variant="secondary" onClick={() => setIsConfirming(true)}>
        <Archive aria-hidden className="size-4" />
        {t('adminProjects.detail.archive')}
      </Button>
      <ConfirmDialog
        isOpen={isConfirming}
        title={t('adminProjects.detail.archiveTitle', { name: project.name })}
        description={t('adminProjects.detail.archiveText', words)}
        confirmLabel={t('adminProjects.detail.archive')}
        cancelLabel={t('adminProjects.cancel')}
        onClose={handleClose}
        isPending={archive.isPending}
        error={archive.isError ? <Alert tone="error">{archive.error.message}</Alert> : null}
        onConfirm={() =>
          archive.mutate(project.id, {
            onSuccess: () => {
              handleClose();
              showToast(t('adminProjects.detail.archived', { name: project.name }), { tone: 'success' });
            },
          })
        }
      />
    </>
  );
}

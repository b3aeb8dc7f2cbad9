import type { Project } from '@rally/shared';
import { LogOut, Plus } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { showToast } from '../../../lib/toast';
import { useJoinProject } from '../api/join-project';
import { useLeaveProject } from '../api/leave-project';
import { useProjectWords } from '../hooks/use-project-words';

interface ProjectMembershipProps {
  userId: string;
  project: Pick<Project, 'id' | 'name' | 'joined' | 'abilities'>;
}

/** "Join", or "Leave" behind a confirmation; says so when the project can no longer be joined. */
export function ProjectMembership({ userId, project }: ProjectMembershipProps) {
  const { t } = useTranslation();
  const words = useProjectWords();
  const join = useJoinProject(userId);
  const leave = useLeaveProject(userId);
  const [isConfirming, setIsConfirming] = useState(false);

  const handleJoin = () =>
    join.mutate(project.id, {
      onSuccess: () => showToast(t('projects.joinedToast', { name: project.name }), { tone: 'success' }),
    });
  const handleLeave = () =>
    leave.mutate(project.id, {
      onSuccess: () => {
        setIsConfirming(false);
        showToast(t('projects.leftToast', { name: project.name }));
      },
    });

  if (project.joined) {
    return (
      <>
        {project.abilities.leave && (
          <Button
            variant="secondary"
            onClick={() => {
              leave.reset();
              setIsConfirming(true);
            }}
          >
            <LogOut aria-hidden className="size-4" />
            {t('projects.leave')}
          </Button>
        )}
        <ConfirmDialog
          isOpen={isConfirming}
          title={t('projects.leaveTitle', { name: project.name })}
          description={t('projects.leaveText')}
          confirmLabel={t('projects.leaveConfirm')}
          cancelLabel={t('projects.cancel')}
          onConfirm={handleLeave}
          onClose={() => setIsConfirming(false)}
          isPending={leave.isPending}
          error={leave.isError && <Alert tone="error">{leave.error.message}</Alert>}
        />
      </>
    );
  }
  if (!project.abilities.join) {
    return <p className="text-sm text-slate-600">{t('projects.endedNotice', { project: words.project })}</p>;
  }
  return (
    <div className="space-y-2">
      <div className="flex flex-wrap items-center gap-3">
        <Button onClick={handleJoin} isLoading={join.isPending}>
          <Plus aria-hidden className="size-4" />
          {t('projects.join')}
        </Button>
        <p className="text-sm text-slate-600">{t('projects.joinPrompt')}</p>
      </div>
      {join.isError && <Alert tone="error">{join.error.message}</Alert>}
    </div>
  );
}

import type { TeamDetail } from '@rally/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { showToast } from '../../../lib/toast';
import { useJoinTeam, useLeaveTeam } from '../api/join-team';
import { TeamImage } from './team-image';

/** The team's picture, name, description and member count, with Join or Leave (confirmed). */
export function TeamHeader({ team, userId }: { team: TeamDetail; userId: string }) {
  const { t } = useTranslation();
  const join = useJoinTeam(userId);
  const leave = useLeaveTeam(userId);
  const [isLeaving, setIsLeaving] = useState(false);
  const handleJoin = () =>
    join.mutate(team.id, {
      onSuccess: () => showToast(t('teams.joined', { name: team.name }), { tone: 'success' }),
      onError: (error) => showToast(error.message, { tone: 'error' }),
    });
  const handleLeave = () =>
    leave.mutate(team.id, {
      onSuccess: () => {
        setIsLeaving(false);
        showToast(t('teams.left', { name: team.name }), { tone: 'success' });
      },
    });
  return (
    <Card className="flex flex-col gap-4 p-5 sm:flex-row sm:items-center sm:p-6">
      <TeamImage imageUrl={team.image_url} name={team.name} size="xl" />
      <div className="min-w-0 flex-1">
        <h2 className="text-2xl font-bold tracking-tight text-slate-900">{team.name}</h2>
        <p className="mt-0.5 text-sm text-slate-600">
          {t('teams.memberCount', { count: team.member_count })}
        </p>
        {team.description && <p className="mt-2 whitespace-pre-line text-slate-700">{team.description}</p>}
      </div>
      {team.can_join && (
        <Button onClick={handleJoin} isLoading={join.isPending}>
          {t('teams.join')}
        </Button>
      )}
      {team.is_member && (
        <Button variant="secondary" onClick={() => setIsLeaving(true)}>
          {t('teams.leave')}
        </Button>
      )}
      <ConfirmDialog
        isOpen={isLeaving}
        title={t('teams.leaveTitle', { name: team.name })}
        description={
          team.is_discoverable ? t('teams.leaveText') : t('teams.leaveHiddenText', { team: t('words.team') })
        }
        confirmLabel={t('teams.leave')}
        cancelLabel={t('teams.cancel')}
        onConfirm={handleLeave}
        onClose={() => setIsLeaving(false)}
        isPending={leave.isPending}
        error={leave.error?.message}
      />
    </Card>
  );
}

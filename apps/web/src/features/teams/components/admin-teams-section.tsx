import { type AdminTeam, isAdmin, type User } from '@rally/shared';
import { EyeOff, Pencil, Plus, Trash2, UserPlus, Users } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeading } from '../../../components/layouts/page-heading';
import { Alert } from '../../../components/ui/alert';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { EmptyState } from '../../../components/ui/empty-state';
import { ResponsiveImage } from '../../../components/ui/responsive-image';
import { Skeleton } from '../../../components/ui/skeleton';
import { showToast } from '../../../lib/toast';
import { useAdminTeams, useDeleteTeam } from '../api/admin-teams';
import { TeamFormDialog } from './team-form-dialog';
import { type PeopleQuery, TeamMembersDialog } from './team-members-dialog';

type Dialog = { kind: 'create' } | { kind: 'edit' | 'members' | 'delete'; team: AdminTeam } | null;

/**
 * The client's teams: create, edit, delete (confirmed) and manage members (ADMIN); leads read. `peopleQuery` is
 * the admin users list the members dialog lists and searches.
 */
export function AdminTeamsSection({ user, peopleQuery }: { user: User; peopleQuery: PeopleQuery }) {
  const { t } = useTranslation();
  const query = useAdminTeams(user.id);
  const remove = useDeleteTeam(user.id);
  const [dialog, setDialog] = useState<Dialog>(null);
  const canManage = isAdmin(user);
  const team = t('words.team');
  const teams = t('words.teams');
  const handleDelete = (target: AdminTeam) =>
    remove.mutate(target.id, {
      onSuccess: () => {
        setDialog(null);
        showToast(t('adminPeople.teamDeleted', { name: target.name }), { tone: 'success' });
      },
    });
  return (
    <div className="space-y-4">
      <PageHeading
        title={teams}
        description={t('adminPeople.teamsIntro', { teams: teams.toLocaleLowerCase() })}
        action={
          canManage && (
            <Button onClick={() => setDialog({ kind: 'create' })}>
              <Plus aria-hidden className="size-4" />
              {t('adminPeople.newTeam', { team })}
            </Button>
          )
        }
      />
      {query.isPending ? (
        <div className="grid gap-3 sm:grid-cols-2" aria-hidden>
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} className="h-28 w-full rounded-2xl" />
          ))}
        </div>
      ) : query.isError ? (
        <Alert tone="error">{query.error.message}</Alert>
      ) : query.data.length === 0 ? (
        <EmptyState
          icon={Users}
          title={t('adminPeople.noTeamsTitle', { teams: teams.toLocaleLowerCase() })}
          description={t('adminPeople.noTeamsText', { team: team.toLocaleLowerCase() })}
        />
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2">
          {query.data.map((item) => (
            <li key={item.id}>
              <Card className="flex h-full flex-col gap-3 p-4">
                <div className="flex items-start gap-3">
                  <TeamThumb team={item} />
                  <div className="min-w-0 flex-1">
                    <h3 className="truncate font-semibold text-slate-900">
                      <Link
                        to={`/community/teams/${encodeURIComponent(item.id)}`}
                        className="hover:underline"
                      >
                        {item.name}
                      </Link>
                    </h3>
                    <p className="text-sm text-slate-600">
                      {t('teams.memberCount', { count: item.member_count })}
                    </p>
                    {!item.is_discoverable && (
                      <Badge className="mt-1">
                        <EyeOff aria-hidden className="size-3" />
                        {t('adminPeople.hidden')}
                      </Badge>
                    )}
                  </div>
                </div>
                {canManage && (
                  <div className="mt-auto flex flex-wrap gap-0.5 border-t border-slate-100 pt-2">
                    <Button
                      variant="ghost"
                      size="sm"
                      onClick={() => setDialog({ kind: 'members', team: item })}
                    >
                      <UserPlus aria-hidden className="size-4" />
                      {t('adminPeople.members')}
                      <span className="sr-only">{item.name}</span>
                    </Button>
                    <Button
                      variant="ghost"
                      size="sm"
                      className="px-2"
                      onClick={() => setDialog({ kind: 'edit', team: item })}
                    >
                      <Pencil aria-hidden className="size-4" />
                      {t('adminPeople.edit')}
                      <span className="sr-only">{item.name}</span>
                    </Button>
                    <Button
                      variant="ghost"
                      size="sm"
                      className="px-2 text-red-700 hover:bg-red-50"
                      onClick={() => setDialog({ kind: 'delete', team: item })}
                    >
                      <Trash2 aria-hidden className="size-4" />
                      {t('adminPeople.delete')}
                      <span className="sr-only">{item.name}</span>
                    </Button>
                  </div>
                )}
              </Card>
            </li>
          ))}
        </ul>
      )}
      {(dialog?.kind === 'create' || dialog?.kind === 'edit') && (
        <TeamFormDialog
          key={dialog.kind === 'edit' ? dialog.team.id : 'new'}
          user={user}
          team={dialog.kind === 'edit' ? dialog.team : null}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog?.kind === 'members' && (
        <TeamMembersDialog
          user={user}
          team={dialog.team}
          peopleQuery={peopleQuery}
          onClose={() => setDialog(null)}
        />
      )}
      <ConfirmDialog
        isOpen={dialog?.kind === 'delete'}
        title={dialog?.kind === 'delete' ? t('adminPeople.deleteTitle', { name: dialog.team.name }) : ''}
        description={t('adminPeople.deleteText', { team: team.toLocaleLowerCase() })}
        confirmLabel={t('adminPeople.delete')}
        cancelLabel={t('adminPeople.cancel')}
        onConfirm={() => dialog?.kind === 'delete' && handleDelete(dialog.team)}
        onClose={() => setDialog(null)}
        isPending={remove.isPending}
        error={remove.error && <Alert tone="error">{remove.error.message}</Alert>}
      />
    </div>
  );
}

function TeamThumb({ team }: { team: AdminTeam }) {
  if (team.image_url) {
    return (
      <ResponsiveImage
        src={team.image_url}
        alt={team.name}
        sizes="48px"
        width={48}
        height={48}
        className="size-12 shrink-0 rounded-xl object-cover"
      />
    );
  }
  return (
    <span
      role="img"
      aria-label={team.name}
      className="flex size-12 shrink-0 items-center justify-center rounded-xl bg-brand text-brand-contrast"
    >
      <Users aria-hidden className="size-6" />
    </span>
  );
}

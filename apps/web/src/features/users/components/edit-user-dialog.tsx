import { type AdminTeam, type AdminUser, ASSIGNABLE_ROLES, isAdmin, type User } from '@rally/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { SelectListbox } from '../../../components/ui/select-listbox';
import { showToast } from '../../../lib/toast';
import { useUpdateAdminUser } from '../api/admin-users';
import { assignableTeams, TeamChecklist, toggled } from './team-checklist';

const ROLE_KEYS = { USER: 'roles.user', ANALYST: 'roles.lead', ADMIN: 'roles.admin' } as const;
type AssignableRole = (typeof ASSIGNABLE_ROLES)[number];

interface EditUserDialogProps {
  viewer: User;
  target: AdminUser;
  teams: readonly AdminTeam[];
  onClose: () => void;
}

/**
 * Role, team membership and (admins only) the teams a lead leads, of one user. An admin cannot demote themselves;
 * an ANALYST never grants ADMIN and a team lead only sees and sets the teams they lead (the server keeps the rest).
 */
export function EditUserDialog({ viewer, target, teams, onClose }: EditUserDialogProps) {
  const { t } = useTranslation();
  const update = useUpdateAdminUser(viewer.id);
  const viewerIsAdmin = isAdmin(viewer);
  const choosable = assignableTeams(viewer, teams);
  const initialRole = (ASSIGNABLE_ROLES as readonly string[]).includes(target.role)
    ? (target.role as AssignableRole)
    : undefined;
  const [role, setRole] = useState<AssignableRole | undefined>(initialRole);
  const [teamIds, setTeamIds] = useState(
    () => new Set(target.teams.map((team) => team.id).filter((id) => choosable.some((x) => x.id === id))),
  );
  const [tagIds, setTagIds] = useState(() => new Set(target.team_tags));
  const isSelf = target.id === viewer.id;
  const showTags = viewerIsAdmin && role === 'ANALYST';
  const handleSave = () =>
    update.mutate(
      {
        id: target.id,
        role: role !== initialRole ? role : undefined,
        team_ids: [...teamIds],
        team_tags:
          showTags &&
          (tagIds.size !== target.team_tags.length || target.team_tags.some((id) => !tagIds.has(id)))
            ? [...tagIds]
            : undefined,
      },
      {
        onSuccess: () => {
          showToast(t('adminPeople.saved', { name: target.display_name }), { tone: 'success' });
          onClose();
        },
      },
    );
  const roles = ASSIGNABLE_ROLES.filter(
    (value) => (viewerIsAdmin || value !== 'ADMIN') && (!isSelf || value === 'ADMIN'),
  );
  const noTeams = t('adminPeople.noTeamsYet', { teams: t('words.teams').toLocaleLowerCase() });
  return (
    <Modal
      isOpen
      onClose={onClose}
      title={t('adminPeople.editTitle', { name: target.display_name })}
      description={target.email ?? undefined}
      closeLabel={t('adminPeople.close')}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t('adminPeople.cancel')}
          </Button>
          <Button onClick={handleSave} isLoading={update.isPending}>
            {t('adminPeople.save')}
          </Button>
        </>
      }
    >
      <div className="space-y-5">
        {update.error && <Alert tone="error">{update.error.message}</Alert>}
        {role === undefined ? (
          <p className="text-sm text-slate-600">{t('adminPeople.applicantRole')}</p>
        ) : (
          <div>
            <SelectListbox
              label={t('adminPeople.role')}
              value={role}
              onChange={setRole}
              options={roles.map((value) => ({ value, label: t(ROLE_KEYS[value]) }))}
            />
            {isSelf && <p className="mt-1.5 text-sm text-slate-500">{t('adminPeople.selfRole')}</p>}
          </div>
        )}
        <TeamChecklist
          legend={t('words.teams')}
          teams={choosable}
          selected={teamIds}
          onToggle={(id) => setTeamIds((current) => toggled(current, id))}
          empty={noTeams}
        />
        {showTags && (
          <TeamChecklist
            legend={t('adminPeople.leads')}
            hint={t('adminPeople.leadsHint', { teams: t('words.teams').toLocaleLowerCase() })}
            teams={teams}
            selected={tagIds}
            onToggle={(id) => setTagIds((current) => toggled(current, id))}
            empty={noTeams}
          />
        )}
      </div>
    </Modal>
  );
}

import { type AdminTeam, type AdminUser, ASSIGNABLE_ROLES, type User } from '@rally/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { SelectListbox } from '../../../components/ui/select-listbox';
import { showToast } from '../../../lib/toast';
import { useUpdateAdminUser } from '../api/admin-users';

const ROLE_KEYS = { USER: 'roles.user', ANALYST: 'roles.lead', ADMIN: 'roles.admin' } as const;
type AssignableRole = (typeof ASSIGNABLE_ROLES)[number];

interface EditUserDialogProps {
  viewer: User;
  target: AdminUser;
  teams: readonly AdminTeam[];
  onClose: () => void;
}

/** Role and team membership of one user (ADMIN only; an admin cannot demote themselves). */
export function EditUserDialog({ viewer, target, teams, onClose }: EditUserDialogProps) {
  const { t } = useTranslation();
  const update = useUpdateAdminUser(viewer.id);
  const initialRole = (ASSIGNABLE_ROLES as readonly string[]).includes(target.role)
    ? (target.role as AssignableRole)
    : undefined;
  const [role, setRole] = useState<AssignableRole | undefined>(initialRole);
  const [teamIds, setTeamIds] = useState(() => new Set(target.teams.map((team) => team.id)));
  const isSelf = target.id === viewer.id;
  const toggle = (id: string) =>
    setTeamIds((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const handleSave = () =>
    update.mutate(
      { id: target.id, role: role !== initialRole ? role : undefined, team_ids: [...teamIds] },
      {
        onSuccess: () => {
          showToast(t('adminPeople.saved', { name: target.display_name }), { tone: 'success' });
          onClose();
        },
      },
    );
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
              options={ASSIGNABLE_ROLES.map((value) => ({
                value,
                label: t(ROLE_KEYS[value]),
              })).filter((option) => !isSelf || option.value === 'ADMIN')}
            />
            {isSelf && <p className="mt-1.5 text-sm text-slate-500">{t('adminPeople.selfRole')}</p>}
          </div>
        )}
        <fieldset className="space-y-2">
          <legend className="text-sm font-medium text-slate-800">{t('words.teams')}</legend>
          {teams.length === 0 ? (
            <p className="text-sm text-slate-600">
              {t('adminPeople.noTeamsYet', { teams: t('words.teams').toLocaleLowerCase() })}
            </p>
          ) : (
            <ul className="grid gap-1 sm:grid-cols-2">
              {teams.map((team) => (
                <li key={team.id}>
                  <label className="flex cursor-pointer items-center gap-2.5 rounded-lg px-2 py-2 hover:bg-slate-50">
                    <input
                      type="checkbox"
                      checked={teamIds.has(team.id)}
                      onChange={() => toggle(team.id)}
                      className="size-4 rounded border-slate-300 accent-(--color-primary-text)"
                    />
                    <span className="text-sm text-slate-800">{team.name}</span>
                  </label>
                </li>
              ))}
            </ul>
          )}
        </fieldset>
      </div>
    </Modal>
  );
}

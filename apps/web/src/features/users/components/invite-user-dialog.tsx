import { type AdminTeam, ASSIGNABLE_ROLES, emailError, isAdmin, type User } from '@rally/shared';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { Modal } from '../../../components/ui/modal';
import { SelectListbox } from '../../../components/ui/select-listbox';
import { showToast } from '../../../lib/toast';
import { useUserAction } from '../api/admin-users';
import { assignableTeams, TeamChecklist, toggled } from './team-checklist';

const ROLE_KEYS = { USER: 'roles.user', ANALYST: 'roles.lead', ADMIN: 'roles.admin' } as const;
type AssignableRole = (typeof ASSIGNABLE_ROLES)[number];

/**
 * Invites one person by email with a role and teams; they get an email with a link to choose a password. An ANALYST
 * cannot invite an admin, and a team lead invites into the teams they lead (at least one).
 */
export function InviteUserDialog({
  viewer,
  teams,
  onClose,
}: {
  viewer: User;
  teams: readonly AdminTeam[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const invite = useUserAction(viewer.id);
  const [email, setEmail] = useState('');
  const [emailProblem, setEmailProblem] = useState<string | undefined>();
  const [role, setRole] = useState<AssignableRole>('USER');
  const [teamIds, setTeamIds] = useState<Set<string>>(() => new Set());
  const choosable = assignableTeams(viewer, teams);
  const roles = ASSIGNABLE_ROLES.filter((value) => isAdmin(viewer) || value !== 'ADMIN');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = emailError(email) ?? undefined;
    setEmailProblem(problem);
    if (problem) return;
    invite.mutate(
      { kind: 'invite', body: { email: email.trim(), role, team_ids: [...teamIds] } },
      {
        onSuccess: () => {
          showToast(t('adminPeople.invited', { email: email.trim() }), { tone: 'success' });
          onClose();
        },
      },
    );
  };
  return (
    <Modal
      isOpen
      onClose={onClose}
      title={t('adminPeople.inviteTitle')}
      description={t('adminPeople.inviteText')}
      closeLabel={t('adminPeople.close')}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t('adminPeople.cancel')}
          </Button>
          <Button type="submit" form="invite-user-form" isLoading={invite.isPending}>
            {t('adminPeople.sendInvite')}
          </Button>
        </>
      }
    >
      <form id="invite-user-form" noValidate onSubmit={submit} className="space-y-5">
        {invite.error && <Alert tone="error">{invite.error.message}</Alert>}
        <Field label={t('adminPeople.email')} error={emailProblem}>
          {(control) => (
            <Input
              {...control}
              type="email"
              autoComplete="off"
              value={email}
              onChange={(event) => setEmail(event.target.value)}
            />
          )}
        </Field>
        <SelectListbox
          label={t('adminPeople.role')}
          value={role}
          onChange={setRole}
          options={roles.map((value) => ({ value, label: t(ROLE_KEYS[value]) }))}
        />
        <TeamChecklist
          legend={t('words.teams')}
          teams={choosable}
          selected={teamIds}
          onToggle={(id) => setTeamIds((current) => toggled(current, id))}
          empty={t('adminPeople.noTeamsYet', { teams: t('words.teams').toLocaleLowerCase() })}
        />
      </form>
    </Modal>
  );
}

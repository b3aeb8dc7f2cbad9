import { isAdmin, type User } from '@rally/shared';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { SegmentedControl } from '../../components/ui/segmented-control';
import { AuditLogSection } from '../../features/audit/components/audit-log-section';
import { useAdminTeams } from '../../features/teams/api/admin-teams';
import { AdminTeamsSection } from '../../features/teams/components/admin-teams-section';
import { adminUsersQuery } from '../../features/users/api/admin-users';
import { AdminUsersSection } from '../../features/users/components/admin-users-section';
import { useUser } from '../../lib/auth';

type Section = 'users' | 'teams' | 'audit';

/**
 * /admin/users: the client's people (search, filters, invitations, role, teams, deactivation), on its second tab its
 * teams, and for admins on a third the audit log (who changed what and when).
 */
export function AdminUsersPage() {
  const { t } = useTranslation();
  const user = useUser();
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab');
  const showAudit = isAdmin(user);
  const section: Section = tab === 'teams' ? 'teams' : tab === 'audit' && showAudit ? 'audit' : 'users';
  if (!user) return null;
  return (
    <div className="space-y-5">
      <SegmentedControl
        label={t('adminPeople.sectionsLabel')}
        options={[
          { value: 'users', label: t('adminPeople.usersTab') },
          { value: 'teams', label: t('words.teams') },
          ...(showAudit ? [{ value: 'audit' as const, label: t('adminAudit.tab') }] : []),
        ]}
        value={section}
        onChange={(next) => setParams(next === 'users' ? {} : { tab: next }, { replace: true })}
      />
      {section === 'users' ? (
        <UsersSection user={user} />
      ) : section === 'audit' ? (
        <AuditLogSection user={user} />
      ) : (
        <AdminTeamsSection user={user} peopleQuery={(filter) => adminUsersQuery(user.id, filter)} />
      )}
    </div>
  );
}

/** The users tab, given the teams (of the teams feature) it filters by and assigns. */
function UsersSection({ user }: { user: User }) {
  const teams = useAdminTeams(user.id);
  return <AdminUsersSection user={user} teams={teams.data ?? []} />;
}

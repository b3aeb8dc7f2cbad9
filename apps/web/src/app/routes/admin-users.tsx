import type { User } from '@rally/shared';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { SegmentedControl } from '../../components/ui/segmented-control';
import { useAdminTeams } from '../../features/teams/api/admin-teams';
import { AdminTeamsSection } from '../../features/teams/components/admin-teams-section';
import { adminUsersQuery } from '../../features/users/api/admin-users';
import { AdminUsersSection } from '../../features/users/components/admin-users-section';
import { useUser } from '../../lib/auth';

type Section = 'users' | 'teams';

/** /admin/users: the client's people (search, role, teams) and, on its second tab, its teams. */
export function AdminUsersPage() {
  const { t } = useTranslation();
  const user = useUser();
  const [params, setParams] = useSearchParams();
  const section: Section = params.get('tab') === 'teams' ? 'teams' : 'users';
  if (!user) return null;
  return (
    <div className="space-y-5">
      <SegmentedControl
        label={t('adminPeople.sectionsLabel')}
        options={[
          { value: 'users', label: t('adminPeople.usersTab') },
          { value: 'teams', label: t('words.teams') },
        ]}
        value={section}
        onChange={(next) => setParams(next === 'teams' ? { tab: 'teams' } : {}, { replace: true })}
      />
      {section === 'users' ? (
        <UsersSection user={user} />
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

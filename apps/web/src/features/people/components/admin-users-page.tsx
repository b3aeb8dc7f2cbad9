import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { SegmentedControl } from '../../../components/ui/segmented-control';
import { useUser } from '../../../lib/auth';
import { AdminTeamsSection } from './admin-teams-section';
import { AdminUsersSection } from './admin-users-section';

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
      {section === 'users' ? <AdminUsersSection user={user} /> : <AdminTeamsSection user={user} />}
    </div>
  );
}

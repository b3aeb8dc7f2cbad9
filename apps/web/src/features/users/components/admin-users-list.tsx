import type { AdminUser, User } from '@rally/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Avatar } from '../../../components/ui/avatar';
import { Badge } from '../../../components/ui/badge';
import { Card } from '../../../components/ui/card';
import { RoleLabel } from './role-label';
import { UserActions } from './user-actions';

interface ListProps {
  viewer: User;
  users: readonly AdminUser[];
  /** Opens the edit dialog of a user the viewer may manage. */
  onEdit: (user: AdminUser) => void;
}

function TeamNames({ user }: { user: AdminUser }) {
  const { t } = useTranslation();
  if (user.teams.length === 0) return <span className="text-slate-500">{t('adminPeople.noTeams')}</span>;
  return <>{user.teams.map((team) => team.name).join(', ')}</>;
}

const STATUS_TONES = { active: 'success', invited: 'info', deactivated: 'danger' } as const;

/** The user's status (active, invited, deactivated). */
export function StatusBadge({ user }: { user: AdminUser }) {
  const { t } = useTranslation();
  return <Badge tone={STATUS_TONES[user.status]}>{t(`adminPeople.status.${user.status}`)}</Badge>;
}

/** When the user was last active, as a date in the viewer's language, or Never. */
function LastActive({ user }: { user: AdminUser }) {
  const { t, i18n } = useTranslation();
  if (!user.last_active_at) return <span className="text-slate-500">{t('adminPeople.never')}</span>;
  const date = new Date(user.last_active_at);
  return (
    <time dateTime={user.last_active_at}>
      {date.toLocaleDateString(i18n.language, { day: 'numeric', month: 'short', year: 'numeric' })}
    </time>
  );
}

function Person({ user }: { user: AdminUser }) {
  return (
    <div className="flex min-w-0 items-center gap-3">
      <Avatar imageUrl={user.image_url} name={user.display_name} />
      <div className="min-w-0">
        {user.status === 'invited' ? (
          <span className="block truncate font-medium text-slate-900">{user.display_name}</span>
        ) : (
          <Link
            to={`/people/${encodeURIComponent(user.id)}`}
            className="block truncate font-medium text-slate-900 hover:underline"
          >
            {user.display_name}
          </Link>
        )}
        {user.email && <p className="truncate text-sm text-slate-500">{user.email}</p>}
      </div>
    </div>
  );
}

/** Users as a table from tablet width and as cards on phones, with the actions the viewer may take. */
export function AdminUsersList({ viewer, users, onEdit }: ListProps) {
  const { t } = useTranslation();
  return (
    <>
      <ul className="space-y-2 sm:hidden">
        {users.map((user) => (
          <li key={user.id}>
            <Card className="space-y-2 p-4">
              <Person user={user} />
              <div className="flex flex-wrap items-center gap-2 text-sm text-slate-600">
                <RoleLabel role={user.role} teamTags={user.team_tags} />
                <StatusBadge user={user} />
                <TeamNames user={user} />
              </div>
              <p className="text-sm text-slate-600">
                {t('adminPeople.lastActive')}: <LastActive user={user} />
              </p>
              <UserActions viewer={viewer} target={user} onEdit={onEdit} />
            </Card>
          </li>
        ))}
      </ul>
      <Card className="hidden overflow-x-auto sm:block">
        <table className="w-full text-left text-sm">
          <thead className="border-b border-slate-200 bg-slate-50 text-xs font-semibold tracking-wide text-slate-600 uppercase">
            <tr>
              <th scope="col" className="px-4 py-3">
                {t('adminPeople.person')}
              </th>
              <th scope="col" className="px-4 py-3">
                {t('adminPeople.role')}
              </th>
              <th scope="col" className="px-4 py-3">
                {t('words.teams')}
              </th>
              <th scope="col" className="px-4 py-3">
                {t('adminPeople.statusLabel')}
              </th>
              <th scope="col" className="px-4 py-3">
                {t('adminPeople.lastActive')}
              </th>
              <th scope="col" className="px-4 py-3">
                <span className="sr-only">{t('adminPeople.actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {users.map((user) => (
              <tr key={user.id}>
                <td className="max-w-72 px-4 py-3">
                  <Person user={user} />
                </td>
                <td className="px-4 py-3">
                  <RoleLabel role={user.role} teamTags={user.team_tags} />
                </td>
                <td className="px-4 py-3 text-slate-700">
                  <TeamNames user={user} />
                </td>
                <td className="px-4 py-3">
                  <StatusBadge user={user} />
                </td>
                <td className="px-4 py-3 whitespace-nowrap text-slate-700">
                  <LastActive user={user} />
                </td>
                <td className="px-4 py-3 text-right">
                  <UserActions viewer={viewer} target={user} onEdit={onEdit} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </Card>
    </>
  );
}

import type { AdminUser } from '@rally/shared';
import { Pencil } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Avatar } from '../../../components/ui/avatar';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { RoleLabel } from './role-label';

interface ListProps {
  users: readonly AdminUser[];
  /** Opens the edit dialog; absent for leads, who only read. */
  onEdit?: (user: AdminUser) => void;
}

function TeamNames({ user }: { user: AdminUser }) {
  const { t } = useTranslation();
  if (user.teams.length === 0) return <span className="text-slate-500">{t('adminPeople.noTeams')}</span>;
  return <>{user.teams.map((team) => team.name).join(', ')}</>;
}

function Person({ user }: { user: AdminUser }) {
  return (
    <div className="flex min-w-0 items-center gap-3">
      <Avatar imageUrl={user.image_url} name={user.display_name} />
      <div className="min-w-0">
        <Link
          to={`/people/${encodeURIComponent(user.id)}`}
          className="block truncate font-medium text-slate-900 hover:underline"
        >
          {user.display_name}
        </Link>
        {user.email && <p className="truncate text-sm text-slate-500">{user.email}</p>}
      </div>
    </div>
  );
}

/** Users as a table from tablet width and as cards on phones. */
export function AdminUsersList({ users, onEdit }: ListProps) {
  const { t } = useTranslation();
  const editButton = (user: AdminUser) =>
    onEdit && (
      <Button
        variant="ghost"
        size="sm"
        onClick={() => onEdit(user)}
        aria-label={t('adminPeople.editNamed', { name: user.display_name })}
      >
        <Pencil aria-hidden className="size-4" />
        <span className="sm:sr-only lg:not-sr-only">{t('adminPeople.edit')}</span>
      </Button>
    );
  return (
    <>
      <ul className="space-y-2 sm:hidden">
        {users.map((user) => (
          <li key={user.id}>
            <Card className="space-y-2 p-4">
              <div className="flex items-start justify-between gap-2">
                <Person user={user} />
                {editButton(user)}
              </div>
              <div className="flex flex-wrap items-center gap-2 text-sm text-slate-600">
                <RoleLabel role={user.role} teamTags={user.team_tags} />
                <TeamNames user={user} />
              </div>
            </Card>
          </li>
        ))}
      </ul>
      <Card className="hidden overflow-hidden sm:block">
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
              {onEdit && (
                <th scope="col" className="px-4 py-3">
                  <span className="sr-only">{t('adminPeople.actions')}</span>
                </th>
              )}
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
                {onEdit && <td className="px-4 py-3 text-right">{editButton(user)}</td>}
              </tr>
            ))}
          </tbody>
        </table>
      </Card>
    </>
  );
}

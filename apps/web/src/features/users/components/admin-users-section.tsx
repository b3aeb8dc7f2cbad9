import { type AdminTeam, type AdminUser, isAdmin, ROLES, type User } from '@rally/shared';
import { Search, Users } from 'lucide-react';
import { useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeading } from '../../../components/layouts/page-heading';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { SelectListbox } from '../../../components/ui/select-listbox';
import { Skeleton } from '../../../components/ui/skeleton';
import { type AdminUsersFilter, useAdminUsers } from '../api/admin-users';
import { AdminUsersList } from './admin-users-list';
import { EditUserDialog } from './edit-user-dialog';

const ROLE_LABEL_KEYS = {
  ADMIN: 'roles.admin',
  ANALYST: 'roles.lead',
  APPLICANT: 'roles.applicant',
  USER: 'roles.user',
};

/**
 * Searchable, filterable list of the client's users; admins edit role and teams. `teams` are the client's teams
 * to filter by and pick from (empty until loaded).
 */
export function AdminUsersSection({ user, teams }: { user: User; teams: readonly AdminTeam[] }) {
  const { t } = useTranslation();
  const [q, setQ] = useState('');
  const [role, setRole] = useState<AdminUsersFilter['role']>('');
  const [team, setTeam] = useState('');
  const filter = useDeferredValue<AdminUsersFilter>({ q, role, team });
  const query = useAdminUsers(user.id, filter);
  const [editing, setEditing] = useState<AdminUser | null>(null);
  const users = query.data?.pages.flatMap((page) => page.users) ?? [];
  const canEdit = isAdmin(user);
  return (
    <div className="space-y-4">
      <PageHeading title={t('adminPeople.usersTab')} description={t('adminPeople.usersIntro')} />
      <div className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_12rem_12rem] sm:items-end">
        <Field label={t('adminPeople.search')}>
          {(control) => (
            <span className="relative block">
              <Search
                aria-hidden
                className="pointer-events-none absolute top-3.5 left-3 size-4 text-slate-400"
              />
              <Input
                {...control}
                type="search"
                value={q}
                onChange={(event) => setQ(event.target.value)}
                placeholder={t('adminPeople.searchPlaceholder')}
                className="pl-9"
              />
            </span>
          )}
        </Field>
        <SelectListbox
          label={t('adminPeople.roleFilter')}
          value={role}
          onChange={setRole}
          options={[
            { value: '', label: t('adminPeople.allRoles') },
            ...ROLES.map((value) => ({ value, label: t(ROLE_LABEL_KEYS[value]) })),
          ]}
        />
        <SelectListbox
          label={t('words.team')}
          value={team}
          onChange={setTeam}
          options={[
            { value: '', label: t('adminPeople.allTeams', { teams: t('words.teams') }) },
            ...teams.map((x) => ({ value: x.id, label: x.name })),
          ]}
        />
      </div>
      {query.isPending ? (
        <div className="space-y-2" aria-hidden>
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} className="h-16 w-full rounded-2xl" />
          ))}
        </div>
      ) : query.isError ? (
        <Alert tone="error">{query.error.message}</Alert>
      ) : users.length === 0 ? (
        <EmptyState
          icon={Users}
          title={t('adminPeople.noUsersTitle')}
          description={t('adminPeople.noUsersText')}
        />
      ) : (
        <>
          <AdminUsersList users={users} onEdit={canEdit ? setEditing : undefined} />
          {query.hasNextPage && (
            <div className="text-center">
              <Button
                variant="secondary"
                onClick={() => void query.fetchNextPage()}
                isLoading={query.isFetchingNextPage}
              >
                {t('adminPeople.more')}
              </Button>
            </div>
          )}
        </>
      )}
      {editing && (
        <EditUserDialog
          key={editing.id}
          viewer={user}
          target={editing}
          teams={teams}
          onClose={() => setEditing(null)}
        />
      )}
    </div>
  );
}

import {
  ADMIN_USER_SORTS,
  type AdminTeam,
  type AdminUser,
  type AdminUserSort,
  LAST_ACTIVE_FILTERS,
  type LastActiveFilter,
  ROLES,
  USER_STATUSES,
  type User,
  type UserStatus,
} from '@rally/shared';
import { FileUp, Search, UserPlus, Users } from 'lucide-react';
import { useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeading } from '../../../components/layouts/page-heading';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { LoadFailed } from '../../../components/ui/load-failed';
import { SelectListbox } from '../../../components/ui/select-listbox';
import { ShowMore } from '../../../components/ui/show-more';
import { Skeleton } from '../../../components/ui/skeleton';
import { type AdminUsersFilter, useAdminUsers } from '../api/admin-users';
import { AdminUsersList } from './admin-users-list';
import { EditUserDialog } from './edit-user-dialog';
import { ImportUsersDialog } from './import-users-dialog';
import { InviteUserDialog } from './invite-user-dialog';

const ROLE_LABEL_KEYS = {
  ADMIN: 'roles.admin',
  ANALYST: 'roles.lead',
  APPLICANT: 'roles.applicant',
  USER: 'roles.user',
};

/**
 * Searchable, filterable, sortable list of the client's users with the actions the server allows on each (edit,
 * deactivate, reactivate, resend or revoke an invitation) and an Invite button. `teams` are the client's teams to
 * filter by and pick from (empty until loaded).
 */
export function AdminUsersSection({ user, teams }: { user: User; teams: readonly AdminTeam[] }) {
  const { t } = useTranslation();
  const [q, setQ] = useState('');
  const [role, setRole] = useState<AdminUsersFilter['role']>('');
  const [team, setTeam] = useState('');
  const [status, setStatus] = useState<UserStatus | ''>('');
  const [lastActive, setLastActive] = useState<LastActiveFilter | ''>('');
  const [sort, setSort] = useState<AdminUserSort>('newest');
  const filter = useDeferredValue<AdminUsersFilter>({ q, role, team, status, last_active: lastActive, sort });
  const query = useAdminUsers(user.id, filter);
  const [editing, setEditing] = useState<AdminUser | null>(null);
  const [inviting, setInviting] = useState(false);
  const [importing, setImporting] = useState(false);
  const users = query.data?.pages.flatMap((page) => page.users) ?? [];
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <PageHeading title={t('adminPeople.usersTab')} description={t('adminPeople.usersIntro')} />
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" onClick={() => setImporting(true)}>
            <FileUp aria-hidden className="size-4" />
            {t('adminPeople.import.open')}
          </Button>
          <Button onClick={() => setInviting(true)}>
            <UserPlus aria-hidden className="size-4" />
            {t('adminPeople.invite')}
          </Button>
        </div>
      </div>
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3 sm:items-end">
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
        <SelectListbox
          label={t('adminPeople.statusLabel')}
          value={status}
          onChange={setStatus}
          options={[
            { value: '', label: t('adminPeople.allStatuses') },
            ...USER_STATUSES.map((value) => ({ value, label: t(`adminPeople.status.${value}`) })),
          ]}
        />
        <SelectListbox
          label={t('adminPeople.lastActive')}
          value={lastActive}
          onChange={setLastActive}
          options={[
            { value: '', label: t('adminPeople.anyTime') },
            ...LAST_ACTIVE_FILTERS.map((value) => ({
              value,
              label: t(`adminPeople.lastActiveFilter.${value}`),
            })),
          ]}
        />
        <SelectListbox
          label={t('adminPeople.sortLabel')}
          value={sort}
          onChange={setSort}
          options={ADMIN_USER_SORTS.map((value) => ({ value, label: t(`adminPeople.sort.${value}`) }))}
        />
      </div>
      {query.isPending ? (
        <div className="space-y-2" role="status" aria-label={t('adminPeople.loading')}>
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} className="h-16 w-full rounded-2xl" />
          ))}
        </div>
      ) : query.isError ? (
        <LoadFailed error={query.error} onRetry={() => void query.refetch()} />
      ) : users.length === 0 ? (
        <EmptyState
          icon={Users}
          title={t('adminPeople.noUsersTitle')}
          description={t('adminPeople.noUsersText')}
        />
      ) : (
        <>
          <AdminUsersList viewer={user} users={users} onEdit={setEditing} />
          <ShowMore query={query} label={t('adminPeople.more')} />
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
      {inviting && <InviteUserDialog viewer={user} teams={teams} onClose={() => setInviting(false)} />}
      {importing && <ImportUsersDialog viewer={user} onClose={() => setImporting(false)} />}
    </div>
  );
}

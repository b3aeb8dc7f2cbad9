import type { AdminTeam, AdminUser, Role, User } from '@rally/shared';
import {
  type InfiniteData,
  type QueryKey,
  type UseInfiniteQueryOptions,
  useInfiniteQuery,
} from '@tanstack/react-query';
import { UserMinus, UserPlus } from 'lucide-react';
import { useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { Avatar } from '../../../components/ui/avatar';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { Modal } from '../../../components/ui/modal';
import { Spinner } from '../../../components/ui/spinner';
import { useSetTeamMember } from '../api/admin-teams';

/** Which of the client's users a list shows (GET /api/admin/users?q=&role=&team=). */
export interface PeopleFilter {
  q: string;
  role: Role | '';
  team: string;
}

/** A page of GET /api/admin/users. */
interface PeoplePage {
  users: AdminUser[];
  next_cursor: string | null;
}

/**
 * The admin users list for a filter, as query options: the admin page passes the users feature's own, so this
 * feature does not import it and both lists share one cache.
 */
export type PeopleQuery = (
  filter: PeopleFilter,
) => UseInfiniteQueryOptions<PeoplePage, Error, InfiniteData<PeoplePage>, QueryKey, string | undefined>;

interface TeamMembersDialogProps {
  user: User;
  team: AdminTeam;
  peopleQuery: PeopleQuery;
  onClose: () => void;
}

function PersonRow({ person, action }: { person: AdminUser; action: React.ReactNode }) {
  return (
    <li className="flex items-center gap-3 py-2">
      <Avatar imageUrl={person.image_url} name={person.display_name} size="sm" />
      <span className="min-w-0 flex-1">
        <span className="block truncate text-sm font-medium text-slate-900">{person.display_name}</span>
        {person.email && <span className="block truncate text-xs text-slate-500">{person.email}</span>}
      </span>
      {action}
    </li>
  );
}

/** The team's members with Remove, and a search to add people (ADMIN). */
export function TeamMembersDialog({ user, team, peopleQuery, onClose }: TeamMembersDialogProps) {
  const { t } = useTranslation();
  const members = useInfiniteQuery(peopleQuery({ q: '', role: '', team: team.id }));
  const [q, setQ] = useState('');
  const search = useDeferredValue(q.trim());
  const candidates = useInfiniteQuery(peopleQuery({ q: search, role: '', team: '' }));
  const setMember = useSetTeamMember(user.id);
  const memberList = members.data?.pages.flatMap((page) => page.users) ?? [];
  const memberIds = new Set(memberList.map((m) => m.id));
  const found = search
    ? (candidates.data?.pages[0]?.users ?? []).filter((p) => !memberIds.has(p.id) && p.role !== 'APPLICANT')
    : [];
  const busy = (id: string) => setMember.isPending && setMember.variables?.memberId === id;
  const change = (person: AdminUser, isMember: boolean) =>
    setMember.mutate({ teamId: team.id, memberId: person.id, isMember });
  return (
    <Modal
      isOpen
      onClose={onClose}
      title={t('adminPeople.membersOf', { name: team.name })}
      closeLabel={t('adminPeople.close')}
    >
      <div className="space-y-5">
        {setMember.error && <Alert tone="error">{setMember.error.message}</Alert>}
        <section className="space-y-2">
          <Field label={t('adminPeople.addPeople')}>
            {(control) => (
              <Input
                {...control}
                type="search"
                value={q}
                onChange={(event) => setQ(event.target.value)}
                placeholder={t('adminPeople.searchPlaceholder')}
              />
            )}
          </Field>
          {search && candidates.isFetching && <Spinner className="size-4" />}
          {found.length > 0 && (
            <ul className="divide-y divide-slate-100">
              {found.map((person) => (
                <PersonRow
                  key={person.id}
                  person={person}
                  action={
                    <Button
                      size="sm"
                      variant="secondary"
                      onClick={() => change(person, true)}
                      isLoading={busy(person.id)}
                    >
                      <UserPlus aria-hidden className="size-4" />
                      {t('adminPeople.add')}
                      <span className="sr-only">{person.display_name}</span>
                    </Button>
                  }
                />
              ))}
            </ul>
          )}
          {search && !candidates.isFetching && found.length === 0 && (
            <p className="text-sm text-slate-500">{t('adminPeople.noMatches')}</p>
          )}
        </section>
        <section className="space-y-1">
          <h3 className="text-sm font-semibold text-slate-900">{t('teams.membersHeading')}</h3>
          {members.isPending ? (
            <Spinner className="size-5" />
          ) : members.isError ? (
            <Alert tone="error">{members.error.message}</Alert>
          ) : memberList.length === 0 ? (
            <p className="text-sm text-slate-500">{t('teams.noMembers')}</p>
          ) : (
            <ul className="divide-y divide-slate-100">
              {memberList.map((person) => (
                <PersonRow
                  key={person.id}
                  person={person}
                  action={
                    <Button
                      size="sm"
                      variant="ghost"
                      onClick={() => change(person, false)}
                      isLoading={busy(person.id)}
                    >
                      <UserMinus aria-hidden className="size-4" />
                      {t('adminPeople.remove')}
                      <span className="sr-only">{person.display_name}</span>
                    </Button>
                  }
                />
              ))}
            </ul>
          )}
          {members.hasNextPage && (
            <Button variant="ghost" size="sm" onClick={() => void members.fetchNextPage()}>
              {t('adminPeople.more')}
            </Button>
          )}
        </section>
      </div>
    </Modal>
  );
}

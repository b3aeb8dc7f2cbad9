import { Combobox, ComboboxInput, ComboboxOption, ComboboxOptions, Field, Label } from '@headlessui/react';
import { type AdminUser, isAdmin, type User } from '@rally/shared';
import { Mail, UserPlus, X } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { Avatar } from '../../../components/ui/avatar';
import { Card } from '../../../components/ui/card';
import { showToast } from '../../../lib/toast';
import type { AdminProjectDetail } from '../api/get-admin-project';
import { useUserSearch } from '../api/search-users';
import { useUpdateInvites } from '../api/update-invites';
import { useWords } from '../hooks/use-words';

type Invited = AdminProjectDetail['invited_users'][number];

/** Who sees an invite-only project: the invited members, a search to invite more (ADMIN) and removal. */
export function InvitesEditor({ user, project }: { user: User; project: AdminProjectDetail }) {
  const { t } = useTranslation();
  const words = useWords();
  const canManage = isAdmin(user);
  const [query, setQuery] = useState('');
  const search = useUserSearch(user.id, query.trim(), canManage && query.trim().length > 0);
  const update = useUpdateInvites(user.id);
  const invitedIds = new Set(project.invited_users.map((person) => person.id));
  const options = (search.data ?? []).filter((person) => !invitedIds.has(person.id) && person.is_active);

  const save = (userIds: string[], done: string) =>
    update.mutate(
      { projectId: project.id, userIds },
      { onSuccess: () => showToast(done, { tone: 'success' }) },
    );
  const handleInvite = (person: AdminUser | null) => {
    if (!person) return;
    setQuery('');
    save([...invitedIds, person.id], t('adminProjects.invites.invited', { name: person.display_name }));
  };
  const handleRemove = (person: Invited) =>
    save(
      [...invitedIds].filter((id) => id !== person.id),
      t('adminProjects.invites.removed', { name: person.display_name }),
    );

  return (
    <Card className="space-y-4 p-5 sm:p-6">
      <div className="flex items-start gap-3">
        <Mail aria-hidden className="mt-0.5 size-5 shrink-0 text-brand-text" />
        <div>
          <h2 className="font-semibold text-slate-900">
            {t('adminProjects.invites.heading', { count: project.invited_users.length })}
          </h2>
          <p className="text-sm text-slate-600">{t('adminProjects.invites.text', words)}</p>
        </div>
      </div>
      {canManage && (
        <Field className="space-y-1.5">
          <Label className="block text-sm font-medium text-slate-800">
            {t('adminProjects.invites.searchLabel')}
          </Label>
          <Combobox
            value={null}
            onChange={handleInvite}
            onClose={() => setQuery('')}
            disabled={update.isPending}
          >
            <div className="relative">
              <UserPlus
                aria-hidden
                className="pointer-events-none absolute top-3 left-3 size-5 text-slate-400"
              />
              <ComboboxInput
                value={query}
                onChange={(event) => setQuery(event.target.value)}
                placeholder={t('adminProjects.invites.searchPlaceholder')}
                className="block h-11 w-full rounded-xl border border-slate-300 bg-white pr-3 pl-10 text-base shadow-xs focus:border-brand-text focus:outline-none focus:ring-3 focus:ring-brand/25"
              />
            </div>
            <ComboboxOptions
              anchor="bottom start"
              className="z-[60] max-h-72 w-(--input-width) overflow-y-auto rounded-xl border border-slate-200 bg-white p-1 shadow-lg [--anchor-gap:4px] empty:invisible"
            >
              {query.trim() !== '' && !search.isPending && options.length === 0 && (
                <p className="px-3 py-2 text-sm text-slate-500">{t('adminProjects.invites.noMatch')}</p>
              )}
              {options.map((person) => (
                <ComboboxOption
                  key={person.id}
                  value={person}
                  className="flex cursor-pointer items-center gap-3 rounded-lg px-3 py-2 data-focus:bg-brand/10"
                >
                  <Avatar imageUrl={person.image_url} name={person.display_name} size="sm" />
                  <span className="min-w-0">
                    <span className="block truncate text-sm font-medium text-slate-900">
                      {person.display_name}
                    </span>
                    {person.email && (
                      <span className="block truncate text-xs text-slate-500">{person.email}</span>
                    )}
                  </span>
                </ComboboxOption>
              ))}
            </ComboboxOptions>
          </Combobox>
        </Field>
      )}
      {update.isError && <Alert tone="error">{update.error.message}</Alert>}
      {project.invited_users.length === 0 ? (
        <p className="rounded-xl bg-slate-50 p-4 text-sm text-slate-600">
          {t('adminProjects.invites.empty', words)}
        </p>
      ) : (
        <ul className="divide-y divide-slate-100" aria-label={t('adminProjects.invites.listLabel')}>
          {project.invited_users.map((person) => (
            <li key={person.id} className="flex items-center gap-3 py-2.5">
              <Avatar imageUrl={person.image_url} name={person.display_name} size="sm" />
              <span className="min-w-0 flex-1 truncate text-sm font-medium text-slate-900">
                {person.display_name}
              </span>
              {canManage && (
                <button
                  type="button"
                  onClick={() => handleRemove(person)}
                  disabled={update.isPending}
                  aria-label={t('adminProjects.invites.remove', { name: person.display_name })}
                  className="rounded-lg p-2 text-slate-500 hover:bg-red-50 hover:text-red-700 disabled:opacity-50"
                >
                  <X aria-hidden className="size-4" />
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

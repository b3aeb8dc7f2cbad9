import type { User } from '@rally/shared';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../../components/ui/spinner';
import { useClient } from '../../../lib/client';
import { useAudienceTeams } from '../api/get-audience-teams';
import { useWords } from '../hooks/use-words';

interface TeamChecklistProps {
  user: User;
  value: string[];
  onChange: (ids: string[]) => void;
  initialTeamIds: readonly string[];
  error?: string;
}

/** A checkbox per team the admin can see, plus any already chosen team that is not listed. */
export function TeamChecklist({ user, value, onChange, initialTeamIds, error }: TeamChecklistProps) {
  const { t } = useTranslation();
  const words = useWords();
  const client = useClient();
  const errorId = useId();
  const { teams, isPending, error: loadError } = useAudienceTeams(user.id, client.has_teams);
  const known = new Set(teams.map((team) => team.id));
  const unlisted = initialTeamIds
    .filter((id) => !known.has(id))
    .map((id) => ({ id, name: t('adminProjects.form.unlistedTeam', { ...words, id: id.slice(0, 8) }) }));
  const toggle = (id: string, checked: boolean) =>
    onChange(checked ? [...value, id] : value.filter((current) => current !== id));

  return (
    <fieldset
      className="rounded-xl border border-slate-200 bg-slate-50/60 p-3.5"
      aria-describedby={error ? errorId : undefined}
    >
      <legend className="px-1 text-sm font-medium text-slate-800">{t('words.teams')}</legend>
      {isPending ? (
        <Spinner className="size-5 text-brand-text" label={t('adminProjects.loading')} />
      ) : teams.length + unlisted.length === 0 ? (
        <p className="text-sm text-slate-600">{t('adminProjects.form.noTeams', words)}</p>
      ) : (
        <ul className="grid max-h-56 gap-1 overflow-y-auto sm:grid-cols-2">
          {[...teams, ...unlisted].map((team) => (
            <li key={team.id}>
              <label className="flex min-h-10 cursor-pointer items-center gap-2.5 rounded-lg px-2 text-sm text-slate-800 hover:bg-white">
                <input
                  type="checkbox"
                  checked={value.includes(team.id)}
                  onChange={(event) => toggle(team.id, event.target.checked)}
                  className="size-4 shrink-0 rounded accent-(--color-primary-text)"
                />
                {team.name}
              </label>
            </li>
          ))}
        </ul>
      )}
      {loadError && <p className="mt-2 text-sm text-red-600">{loadError.message}</p>}
      <p className="mt-2 text-xs text-slate-500">{t('adminProjects.form.teamsHint', words)}</p>
      {error && (
        <p id={errorId} className="mt-2 text-sm font-medium text-red-600">
          {error}
        </p>
      )}
    </fieldset>
  );
}

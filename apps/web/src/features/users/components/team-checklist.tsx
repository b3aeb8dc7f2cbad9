import type { AdminTeam } from '@rally/shared';
import type { ReactNode } from 'react';

/** A fieldset of team checkboxes; `empty` shows when there is no team to choose. */
export function TeamChecklist({
  legend,
  hint,
  teams,
  selected,
  onToggle,
  empty,
}: {
  legend: ReactNode;
  hint?: ReactNode;
  teams: readonly AdminTeam[];
  selected: ReadonlySet<string>;
  onToggle: (id: string) => void;
  empty: ReactNode;
}) {
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-medium text-slate-800">{legend}</legend>
      {hint && <p className="text-sm text-slate-500">{hint}</p>}
      {teams.length === 0 ? (
        <p className="text-sm text-slate-600">{empty}</p>
      ) : (
        <ul className="grid gap-1 sm:grid-cols-2">
          {teams.map((team) => (
            <li key={team.id}>
              <label className="flex cursor-pointer items-center gap-2.5 rounded-lg px-2 py-2 hover:bg-slate-50">
                <input
                  type="checkbox"
                  checked={selected.has(team.id)}
                  onChange={() => onToggle(team.id)}
                  className="size-4 rounded border-slate-300 accent-(--color-primary-text)"
                />
                <span className="text-sm text-slate-800">{team.name}</span>
              </label>
            </li>
          ))}
        </ul>
      )}
    </fieldset>
  );
}

/** A Set state toggle: adds the id when absent, removes it when present. */
export function toggled(current: ReadonlySet<string>, id: string): Set<string> {
  const next = new Set(current);
  if (next.has(id)) next.delete(id);
  else next.add(id);
  return next;
}

/** The teams a viewer may put people on: all for admins and ANALYSTs without tags, else the teams they lead. */
export function assignableTeams(
  viewer: { role: string; team_tags: readonly string[] },
  teams: readonly AdminTeam[],
): readonly AdminTeam[] {
  return viewer.role === 'ANALYST' && viewer.team_tags.length > 0
    ? teams.filter((team) => viewer.team_tags.includes(team.id))
    : teams;
}

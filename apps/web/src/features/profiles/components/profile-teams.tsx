import type { Profile } from '@rally/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** The member's teams as links to their pages; nothing when they are in none. */
export function ProfileTeams({ teams }: { teams: Profile['teams'] }) {
  const { t } = useTranslation();
  if (teams.length === 0) return null;
  return (
    <section aria-labelledby="profile-teams-heading" className="space-y-3">
      <h2 id="profile-teams-heading" className="text-lg font-semibold text-slate-900">
        {t('words.teams')}
      </h2>
      <ul className="flex flex-wrap gap-2">
        {teams.map((team) => (
          <li key={team.id}>
            <Link
              to={`/community/teams/${encodeURIComponent(team.id)}`}
              className="inline-flex items-center rounded-full border border-slate-200 bg-white px-3 py-1.5 text-sm font-medium text-slate-800 shadow-sm hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-text"
            >
              {team.name}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

import type { TeamStanding } from '@rally/shared';
import { Trophy } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Card } from '../../../components/ui/card';
import { i18n } from '../../../lib/i18n';

const LABEL_KEYS = { week: 'teams.thisWeek', month: 'teams.thisMonth', all: 'teams.allTime' } as const;

/** The team's rank and points this week, this month and all time. */
export function TeamStandings({ standings }: { standings: readonly TeamStanding[] }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="team-rank-heading">
      <h2 id="team-rank-heading" className="sr-only">
        {t('teams.rankHeading')}
      </h2>
      <ul className="grid grid-cols-3 gap-2 sm:gap-3">
        {standings.map((s) => (
          <li key={s.period}>
            <Card className="p-3 text-center sm:p-4">
              <p className="text-xs font-medium text-slate-500 sm:text-sm">{t(LABEL_KEYS[s.period])}</p>
              <p className="mt-1 flex items-center justify-center gap-1 text-xl font-bold text-slate-900 sm:text-2xl">
                <Trophy aria-hidden className="size-4 text-brand-text sm:size-5" />
                <span>{t('teams.rank', { rank: s.rank })}</span>
              </p>
              <p className="text-xs text-slate-600 sm:text-sm">
                {t('teams.points', { count: s.points, points: s.points.toLocaleString(i18n.language) })}
              </p>
            </Card>
          </li>
        ))}
      </ul>
    </section>
  );
}

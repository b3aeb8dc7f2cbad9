import type { LeaderboardEntry } from '@rally/shared';
import { clsx } from 'clsx';
import { Crown } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Avatar } from '../../../components/ui/avatar';
import { podiumOrder } from '../utils/leaderboard-filter';
import { getEntryImage, getEntryName } from './entry-name';

// Steps differ by height only: a lighter tint of an arbitrary brand colour could not keep its rank readable.
const STEP = { 1: 'h-28 sm:h-32', 2: 'h-20 sm:h-24', 3: 'h-14 sm:h-16' };

/** The top three on steps (2nd, 1st, 3rd), each with avatar, name, points and rank; ties show their rank. */
export function Podium({ top, mine }: { top: readonly LeaderboardEntry[]; mine: ReadonlySet<string> }) {
  const { t } = useTranslation();
  return (
    <section
      aria-label={t('leaderboard.podium')}
      className="rounded-2xl bg-white px-3 pt-5 shadow-sm ring-1 ring-slate-200 sm:px-6"
    >
      <ol className="mx-auto grid max-w-2xl grid-cols-3 items-end gap-2 sm:gap-4">
        {podiumOrder(top).map(({ entry, place }) => {
          const name = getEntryName(entry);
          const isMine = mine.has(entry.id);
          return (
            <li
              key={entry.id}
              data-mine={isMine || undefined}
              className="flex min-w-0 flex-col items-center text-center"
            >
              {place === 1 && <Crown aria-hidden className="mb-1 size-5 text-amber-500" />}
              <Avatar
                imageUrl={getEntryImage(entry)}
                name={name}
                size={place === 1 ? 'lg' : 'md'}
                className={clsx('ring-4', isMine ? 'ring-brand/50' : 'ring-white')}
              />
              <span className="mt-2 w-full truncate text-sm font-semibold text-slate-900">
                {name}
                {isMine && <span className="sr-only"> ({t('leaderboard.you')})</span>}
              </span>
              <span className="mb-2 text-xs font-medium tabular-nums text-slate-600">
                {t('leaderboard.points', { count: entry.points })}
              </span>
              <span
                className={clsx(
                  'flex w-full items-start justify-center rounded-t-xl bg-brand pt-2 text-xl font-bold text-brand-contrast',
                  STEP[place],
                )}
              >
                <span className="sr-only">{t('leaderboard.rank', { rank: entry.rank })}</span>
                <span aria-hidden>{entry.rank}</span>
              </span>
            </li>
          );
        })}
      </ol>
    </section>
  );
}

import type { LeaderboardEntry } from '@rally/shared';
import { clsx } from 'clsx';
import { useTranslation } from 'react-i18next';
import { Avatar } from '../../../components/ui/avatar';
import { getEntryImage, getEntryName } from './entry-name';

interface RankedRowProps {
  entry: LeaderboardEntry;
  /** Points of the leader, for the bar's length. */
  topPoints: number;
  isTied: boolean;
  isMine: boolean;
}

/** One row of the ranking: rank (and "tied"), avatar, name, a bar relative to the leader, points. */
export function RankedRow({ entry, topPoints, isTied, isMine }: RankedRowProps) {
  const { t } = useTranslation();
  const name = getEntryName(entry);
  const width = topPoints > 0 ? Math.max(4, Math.round((entry.points / topPoints) * 100)) : 0;
  return (
    <li
      data-mine={isMine || undefined}
      className={clsx(
        'flex items-center gap-3 px-3 py-2.5 sm:px-4',
        isMine && 'bg-brand/10 ring-2 ring-brand/40 ring-inset',
      )}
    >
      <span className="flex w-10 shrink-0 flex-col items-center leading-tight">
        <span className="text-base font-bold tabular-nums text-slate-900">
          <span className="sr-only">{t('leaderboard.rank', { rank: entry.rank })}</span>
          <span aria-hidden>{entry.rank}</span>
        </span>
        {isTied && (
          <span className="text-[0.625rem] font-medium uppercase text-slate-600">
            {t('leaderboard.tied')}
          </span>
        )}
      </span>
      <Avatar imageUrl={getEntryImage(entry)} name={name} size="sm" />
      <span className="min-w-0 flex-1">
        <span className="flex items-baseline gap-2">
          <span className="truncate font-medium text-slate-900">{name}</span>
          {isMine && (
            <span className="shrink-0 rounded-full bg-brand px-2 py-0.5 text-[0.6875rem] font-semibold text-brand-contrast">
              {t('leaderboard.you')}
            </span>
          )}
        </span>
        {entry.team && (
          <span className="block text-xs text-slate-500">
            {t('leaderboard.memberCount', { count: entry.team.member_count })}
          </span>
        )}
        <span aria-hidden className="mt-1 block h-1.5 rounded-full bg-slate-100">
          <span className="block h-full rounded-full bg-brand/70" style={{ width: `${width}%` }} />
        </span>
      </span>
      <span className="shrink-0 text-right text-sm font-semibold tabular-nums text-slate-900">
        {t('leaderboard.points', { count: entry.points })}
      </span>
    </li>
  );
}

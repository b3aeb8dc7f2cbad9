import { useTranslation } from 'react-i18next';
import { Avatar } from '../../../components/ui/avatar';

interface MyStandingProps {
  /** Name and picture of the member (or the name of their team). */
  name: string;
  imageUrl: string | null;
  rank: number;
  points: number;
  /** Label above: "Your rank" or "Your team". */
  label: string;
}

/**
 * The member's own standing, kept in view at the bottom (above the phone's bottom bar) while their row is
 * not among the rows shown.
 */
export function MyStanding({ name, imageUrl, rank, points, label }: MyStandingProps) {
  const { t } = useTranslation();
  const hasPoints = points > 0;
  return (
    <aside
      aria-label={label}
      data-mine
      className="sticky bottom-[calc(4.5rem+env(safe-area-inset-bottom))] z-20 flex items-center gap-3 rounded-2xl bg-white px-3 py-2.5 shadow-lg ring-2 ring-brand/50 sm:px-4 md:bottom-4"
    >
      <span className="flex w-10 shrink-0 flex-col items-center leading-tight">
        <span className="text-[0.625rem] font-medium uppercase text-slate-600">{label}</span>
        <span className="text-base font-bold tabular-nums text-slate-900">
          <span className="sr-only">{t('leaderboard.rank', { rank })}</span>
          <span aria-hidden>{rank}</span>
        </span>
      </span>
      <Avatar imageUrl={imageUrl} name={name} size="sm" />
      <span className="min-w-0 flex-1">
        <span className="block truncate font-medium text-slate-900">{name}</span>
        {!hasPoints && <span className="block text-xs text-slate-500">{t('leaderboard.notRanked')}</span>}
      </span>
      <span className="shrink-0 text-sm font-semibold tabular-nums text-slate-900">
        {hasPoints ? t('leaderboard.points', { count: points }) : t('leaderboard.noPointsYet')}
      </span>
    </aside>
  );
}

import { useTranslation } from 'react-i18next';

/** "16 Nov – 22 Nov" (the UTC days the period spans), or "Since the start" for all time. */
export function PeriodDates({ start, end }: { start: string | null; end: string | null }) {
  const { t, i18n } = useTranslation();
  const day = (iso: string) =>
    new Intl.DateTimeFormat(i18n.language, { day: 'numeric', month: 'short', timeZone: 'UTC' }).format(
      new Date(`${iso}T00:00:00Z`),
    );
  return (
    <p className="text-sm text-slate-600">
      {start && end
        ? t('leaderboard.dates', { start: day(start), end: day(end) })
        : t('leaderboard.allTimeDates')}
    </p>
  );
}

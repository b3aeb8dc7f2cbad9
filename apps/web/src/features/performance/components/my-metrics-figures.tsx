import type { MetricsFigure, MetricsResponse } from '@rally/shared';
import { useTranslation } from 'react-i18next';
import { formatFigure, formatSeconds } from '../utils/metrics-format';

type TotalKey = keyof MetricsResponse['totals'];

const ORDER: readonly { key: TotalKey; label: string }[] = [
  { key: 'points', label: 'points' },
  { key: 'shares', label: 'shares' },
  { key: 'clicks', label: 'clicks' },
  { key: 'participations', label: 'participations' },
  { key: 'active_seconds', label: 'activeTime' },
];

/** One figure of the period beside the team average and the client median. */
function FigureTile({
  label,
  figure,
  format,
}: {
  label: string;
  figure: MetricsFigure;
  format: (v: number) => string;
}) {
  const { t } = useTranslation();
  return (
    <li className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
      <p className="text-sm font-medium text-slate-600">{label}</p>
      <p className="mt-1 text-2xl font-bold tabular-nums text-slate-900">
        <span className="sr-only">{t('myMetrics.figures.you')}: </span>
        {format(figure.value)}
      </p>
      <dl className="mt-2 grid grid-cols-2 gap-x-2 text-xs text-slate-600">
        <dt>{t('myMetrics.figures.teamAverage')}</dt>
        <dd className="text-right tabular-nums text-slate-800">
          {figure.team_average === null ? t('myMetrics.figures.noTeam') : format(figure.team_average)}
        </dd>
        <dt>{t('myMetrics.figures.clientMedian')}</dt>
        <dd className="text-right tabular-nums text-slate-800">{format(figure.client_median)}</dd>
      </dl>
    </li>
  );
}

/** The period's totals, each beside the team average and the client median. */
export function MyMetricsFigures({ totals }: { totals: MetricsResponse['totals'] }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="my-metrics-figures">
      <h2 id="my-metrics-figures" className="sr-only">
        {t('myMetrics.figures.label')}
      </h2>
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
        {ORDER.map(({ key, label }) => (
          <FigureTile
            key={key}
            label={t(`myMetrics.figures.${label}`)}
            figure={totals[key]}
            format={key === 'active_seconds' ? formatSeconds : formatFigure}
          />
        ))}
      </ul>
    </section>
  );
}

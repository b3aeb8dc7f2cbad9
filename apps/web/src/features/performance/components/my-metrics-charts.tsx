import { getPalette, type MetricsBreakdown, type MetricsResponse } from '@rally/shared';
import type { TFunction } from 'i18next';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Chart, type ChartWords } from '../../../components/charts/chart';
import { bucketLabel, dayLabel, formatFigure, formatSeconds } from '../utils/metrics-format';

const sum = (values: readonly number[]) => values.reduce((a, b) => a + b, 0);

/** A breakdown's bars: the member's value per key, with the team average and the client median in the table. */
function breakdownSeries(rows: readonly MetricsBreakdown[], t: TFunction, palette: readonly string[]) {
  return [
    { label: t('myMetrics.charts.value'), values: rows.map((r) => r.value), color: palette[0]! },
    { label: t('myMetrics.charts.teamAverage'), values: rows.map((r) => r.team_average), color: palette[1]! },
    {
      label: t('myMetrics.charts.clientMedian'),
      values: rows.map((r) => r.client_median),
      color: palette[2]!,
    },
  ];
}

/** The six charts of My Metrics, in the client's 30 chart colours (SPEC 9). */
export function MyMetricsCharts({ data, primaryColor }: { data: MetricsResponse; primaryColor: string }) {
  const { t } = useTranslation();
  const palette = useMemo(() => getPalette(primaryColor), [primaryColor]);
  const charts = useMemo(() => {
    const labels = data.series.map((p) => bucketLabel(p.start, data.bucket));
    const bucket = t(`myMetrics.charts.buckets.${data.bucket}`);
    const range = { bucket, from: dayLabel(data.from), to: dayLabel(data.to) };
    const category =
      data.bucket === 'day'
        ? t('myMetrics.charts.day')
        : data.bucket === 'week'
          ? t('myMetrics.charts.weekOf')
          : t('myMetrics.charts.month');
    const points = data.series.map((p) => p.points);
    const clicks = data.series.map((p) => p.clicks);
    const minutes = data.series.map((p) => Math.round(p.active_seconds / 60));
    const networks = data.shares_by_network.filter((r) => r.value > 0 || r.team_average || r.client_median);
    const shown = networks.length > 0 ? networks : data.shares_by_network.slice(0, 3);
    const types = data.participations_by_type;
    const listOf = (rows: readonly MetricsBreakdown[], name: (key: string) => string) =>
      rows.map((r) => `${name(r.key)} ${formatFigure(r.value)}`).join(', ');
    const channel = (key: string) => t(`channels.${key}`, { defaultValue: key });
    const activityType = (key: string) => t(`activityTypes.${key}`, { defaultValue: key });
    const ranked = data.rank_history.filter((r) => r.rank !== null);
    return {
      labels,
      category,
      points: {
        values: points,
        summary: t('myMetrics.charts.pointsSummary', {
          ...range,
          total: formatFigure(sum(points)),
          max: formatFigure(Math.max(0, ...points)),
        }),
      },
      clicks: {
        values: clicks,
        summary: t('myMetrics.charts.clicksSummary', { ...range, total: sum(clicks) }),
      },
      active: {
        values: minutes,
        summary: t('myMetrics.charts.activeTimeSummary', {
          ...range,
          total: formatSeconds(sum(data.series.map((p) => p.active_seconds))),
        }),
      },
      shares: { rows: shown, labels: shown.map((r) => channel(r.key)), summary: listOf(shown, channel) },
      types: {
        rows: types,
        labels: types.map((r) => activityType(r.key)),
        summary: listOf(types, activityType),
      },
      rank: {
        labels: data.rank_history.map((r) => dayLabel(r.week_start)),
        values: data.rank_history.map((r) => r.rank),
        summary:
          ranked.length === 0
            ? t('myMetrics.charts.rankNone')
            : t('myMetrics.charts.rankSummary', {
                list: ranked.map((r) => `${dayLabel(r.week_start)} #${r.rank}`).join(', '),
              }),
      },
    };
  }, [data, t]);

  const words = (category: string): ChartWords => ({
    showTable: t('myMetrics.charts.showTable'),
    hideTable: t('myMetrics.charts.hideTable'),
    category,
  });
  const me = t('myMetrics.charts.value');
  const primary = palette[0]!;
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <Chart
        title={t('myMetrics.charts.points')}
        summary={charts.points.summary}
        kind="bar"
        labels={charts.labels}
        series={[{ label: me, values: charts.points.values, color: primary }]}
        formatValue={formatFigure}
        words={words(charts.category)}
      />
      <Chart
        title={t('myMetrics.charts.shares')}
        summary={t('myMetrics.charts.sharesSummary', { list: charts.shares.summary })}
        kind="bar"
        labels={charts.shares.labels}
        series={breakdownSeries(charts.shares.rows, t, palette).slice(0, 1)}
        barColors={charts.shares.rows.map((_, i) => palette[i % palette.length]!)}
        formatValue={formatFigure}
        words={words(t('myMetrics.charts.network'))}
        tableSeries={breakdownSeries(charts.shares.rows, t, palette)}
      />
      <Chart
        title={t('myMetrics.charts.clicks')}
        summary={charts.clicks.summary}
        kind="line"
        labels={charts.labels}
        series={[{ label: me, values: charts.clicks.values, color: palette[3]! }]}
        formatValue={formatFigure}
        words={words(charts.category)}
      />
      <Chart
        title={t('myMetrics.charts.participations')}
        summary={t('myMetrics.charts.participationsSummary', { list: charts.types.summary })}
        kind="bar"
        labels={charts.types.labels}
        series={breakdownSeries(charts.types.rows, t, palette).slice(0, 1)}
        barColors={charts.types.rows.map((_, i) => palette[(i + 4) % palette.length]!)}
        formatValue={formatFigure}
        words={words(t('myMetrics.charts.activityType'))}
        tableSeries={breakdownSeries(charts.types.rows, t, palette)}
      />
      <Chart
        title={t('myMetrics.charts.rank')}
        summary={charts.rank.summary}
        kind="line"
        labels={charts.rank.labels}
        series={[{ label: t('myMetrics.charts.rank'), values: charts.rank.values, color: palette[8]! }]}
        formatValue={(v) => `#${v}`}
        invert
        words={words(t('myMetrics.charts.weekOf'))}
      />
      <Chart
        title={t('myMetrics.charts.activeTime')}
        summary={charts.active.summary}
        kind="bar"
        labels={charts.labels}
        series={[{ label: t('myMetrics.charts.minutes'), values: charts.active.values, color: palette[5]! }]}
        formatValue={(minutes) => formatSeconds(minutes * 60)}
        formatAxis={(minutes) => (minutes < 120 ? `${minutes} mins` : `${Math.round(minutes / 6) / 10} hrs`)}
        words={words(charts.category)}
      />
    </div>
  );
}

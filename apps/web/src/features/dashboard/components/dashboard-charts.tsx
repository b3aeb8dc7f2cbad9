import { type DashboardResponse, getPalette } from '@rally/shared';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Chart, type ChartWords } from '../../../components/charts/chart';
import { dayLabel, formatFigure } from '../utils/dashboard-format';

const sum = (values: readonly number[]) => values.reduce((a, b) => a + b, 0);

/** The period day by day, and shares by network, in the client's chart colours (SPEC 9). */
export function DashboardCharts({ data, primaryColor }: { data: DashboardResponse; primaryColor: string }) {
  const { t } = useTranslation();
  const palette = useMemo(() => getPalette(primaryColor), [primaryColor]);
  const c = useMemo(() => {
    const labels = data.series.map((d) => dayLabel(d.day));
    const range = { from: dayLabel(data.from), to: dayLabel(data.to) };
    const col = (key: 'active_members' | 'shares' | 'clicks' | 'completions' | 'points') =>
      data.series.map((d) => d[key]);
    const networks = data.networks.filter((n) => n.shares.value > 0 || n.clicks.value > 0);
    const shown = networks.length > 0 ? networks : data.networks.slice(0, 3);
    const channel = (key: string) => t(`channels.${key}`, { defaultValue: key });
    return {
      labels,
      range,
      active: col('active_members'),
      shares: col('shares'),
      clicks: col('clicks'),
      completions: col('completions'),
      networks: shown,
      networkLabels: shown.map((n) => channel(n.network)),
      networkList: shown
        .map((n) =>
          t('adminDashboard.charts.networkItem', {
            network: channel(n.network),
            shares: n.shares.value,
            clicks: n.clicks.value,
          }),
        )
        .join(', '),
    };
  }, [data, t]);
  const words = (category: string): ChartWords => ({
    showTable: t('adminDashboard.charts.showTable'),
    hideTable: t('adminDashboard.charts.hideTable'),
    category,
  });
  const day = t('adminDashboard.charts.day');
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <Chart
        title={t('adminDashboard.charts.active')}
        summary={t('adminDashboard.charts.activeSummary', { ...c.range, max: Math.max(0, ...c.active) })}
        kind="line"
        labels={c.labels}
        series={[{ label: t('adminDashboard.charts.members'), values: c.active, color: palette[0]! }]}
        formatValue={formatFigure}
        words={words(day)}
        height={150}
      />
      <Chart
        title={t('adminDashboard.charts.sharesClicks')}
        summary={t('adminDashboard.charts.sharesClicksSummary', {
          ...c.range,
          shares: sum(c.shares),
          clicks: sum(c.clicks),
        })}
        kind="bar"
        labels={c.labels}
        series={[
          { label: t('adminDashboard.charts.shares'), values: c.shares, color: palette[1]! },
          { label: t('adminDashboard.charts.clicks'), values: c.clicks, color: palette[3]! },
        ]}
        formatValue={formatFigure}
        words={words(day)}
        height={150}
      />
      <Chart
        title={t('adminDashboard.charts.networks')}
        summary={t('adminDashboard.charts.networksSummary', { list: c.networkList })}
        kind="bar"
        labels={c.networkLabels}
        series={[
          {
            label: t('adminDashboard.charts.shares'),
            values: c.networks.map((n) => n.shares.value),
            color: palette[1]!,
          },
        ]}
        tableSeries={[
          {
            label: t('adminDashboard.charts.shares'),
            values: c.networks.map((n) => n.shares.value),
            color: palette[1]!,
          },
          {
            label: t('adminDashboard.charts.clicks'),
            values: c.networks.map((n) => n.clicks.value),
            color: palette[3]!,
          },
        ]}
        barColors={c.networks.map((_, i) => palette[i % palette.length]!)}
        formatValue={formatFigure}
        words={words(t('adminDashboard.charts.network'))}
        height={150}
      />
      <Chart
        title={t('adminDashboard.charts.completions')}
        summary={t('adminDashboard.charts.completionsSummary', { ...c.range, total: sum(c.completions) })}
        kind="bar"
        labels={c.labels}
        series={[{ label: t('adminDashboard.charts.completed'), values: c.completions, color: palette[5]! }]}
        formatValue={formatFigure}
        words={words(day)}
        height={150}
      />
    </div>
  );
}

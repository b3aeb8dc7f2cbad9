import { getPalette, type ReportResponse } from '@rally/shared';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Chart } from '../../../components/charts/chart';
import { dayLabel, figureLabel, WEEKLY_AFTER_DAYS, weekly } from '../utils/report-format';

/**
 * The report's lines as bars, in the client's chart colours (SPEC 9), with its table toggle: a bar per day, or
 * per week over a long range (bars read as counts of a period; a line over sparse days drew spikes).
 */
export function ReportChart({ data, primaryColor }: { data: ReportResponse; primaryColor: string }) {
  const { t } = useTranslation();
  const palette = useMemo(() => getPalette(primaryColor), [primaryColor]);
  const report = t(`adminReporting.reports.${data.report}`);
  const lineLabel = (key: string) => figureLabel('lines', key);
  const isWeekly = data.series.days.length > WEEKLY_AFTER_DAYS;
  const shown = isWeekly ? weekly(data.series.days, data.series.lines) : data.series;
  const series = shown.lines.map((line, i) => ({
    label: lineLabel(line.key),
    values: line.values,
    color: palette[(i * 3) % palette.length]!,
  }));
  const totals = data.series.lines
    .map((line) =>
      t('adminReporting.chart.total', {
        line: lineLabel(line.key),
        value: line.values.reduce((a, b) => a + b, 0).toLocaleString(),
      }),
    )
    .join(', ');
  return (
    <Chart
      title={t(isWeekly ? 'adminReporting.chart.titleWeekly' : 'adminReporting.chart.title', { report })}
      summary={t('adminReporting.chart.summary', {
        report,
        from: dayLabel(data.from),
        to: dayLabel(data.to),
        totals,
      })}
      kind="bar"
      labels={shown.days.map(dayLabel)}
      series={series}
      words={{
        showTable: t('adminReporting.chart.showTable'),
        hideTable: t('adminReporting.chart.hideTable'),
        category: t(isWeekly ? 'adminReporting.chart.week' : 'adminReporting.chart.day'),
      }}
      height={180}
    />
  );
}

import { getPalette, type ReportResponse } from '@rally/shared';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Chart } from '../../../components/charts/chart';
import { dayLabel, figureLabel } from '../utils/report-format';

/** The report's lines day by day, in the client's chart colours (SPEC 9), with its table toggle. */
export function ReportChart({ data, primaryColor }: { data: ReportResponse; primaryColor: string }) {
  const { t } = useTranslation();
  const palette = useMemo(() => getPalette(primaryColor), [primaryColor]);
  const report = t(`adminReporting.reports.${data.report}`);
  const lineLabel = (key: string) => figureLabel('lines', key);
  const series = data.series.lines.map((line, i) => ({
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
      title={t('adminReporting.chart.title', { report })}
      summary={t('adminReporting.chart.summary', {
        report,
        from: dayLabel(data.from),
        to: dayLabel(data.to),
        totals,
      })}
      kind={data.series.days.length > 45 ? 'line' : 'bar'}
      labels={data.series.days.map(dayLabel)}
      series={series}
      words={{
        showTable: t('adminReporting.chart.showTable'),
        hideTable: t('adminReporting.chart.hideTable'),
        category: t('adminReporting.chart.day'),
      }}
      height={180}
    />
  );
}

import { Table2 } from 'lucide-react';
import { type ReactNode, useId, useState } from 'react';
import { i18n } from '../../lib/i18n';
import { Button } from '../ui/button';
import type { ChartKind, ChartSeries } from './chart-types';
import { UplotPlot } from './uplot-plot';

export type { ChartKind, ChartSeries } from './chart-types';

/** Words of the chart's table toggle and its first column, from the page's strings. */
export interface ChartWords {
  showTable: string;
  hideTable: string;
  /** Heading of the label column (e.g. "Day", "Network"). */
  category: string;
}

export interface ChartProps {
  /** Visible heading of the chart. */
  title: string;
  /** Accessible name of the drawing: what it shows, in a sentence with its main figures. */
  summary: string;
  kind: ChartKind;
  /** One label per point or bar, as people read them. */
  labels: readonly string[];
  series: readonly ChartSeries[];
  /** The table's columns when they differ from the drawing's (e.g. comparisons only the table lists). */
  tableSeries?: readonly ChartSeries[];
  /** One colour per bar, for a breakdown of one series. */
  barColors?: readonly string[];
  formatValue?: (value: number) => string;
  /** The value axis' ticks, when shorter than formatValue's words. */
  formatAxis?: (value: number) => string;
  /** Lower is better (a rank). */
  invert?: boolean;
  words: ChartWords;
  height?: number;
  /** Shown under the title, e.g. the figure beside its comparisons. */
  children?: ReactNode;
}

const plain = (value: number) => value.toLocaleString(i18n.language);

/**
 * A chart people can read either way: the drawing is one image with an accessible name (role="img" and a label
 * saying what it shows), and a toggle shows the same data as a table. As wide as its box, so it works at 360 px.
 * Loads uPlot: import it only from lazily loaded pages.
 */
export function Chart({
  title,
  summary,
  kind,
  labels,
  series,
  tableSeries = series,
  barColors,
  formatValue = plain,
  formatAxis,
  invert,
  words,
  height = 180,
  children,
}: ChartProps) {
  const [showTable, setShowTable] = useState(false);
  const tableId = useId();
  const headingId = useId();
  return (
    <figure
      className="min-w-0 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm"
      aria-labelledby={headingId}
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 id={headingId} className="text-base font-semibold text-slate-900">
          {title}
        </h3>
        <Button
          variant="ghost"
          size="sm"
          aria-expanded={showTable}
          aria-controls={tableId}
          aria-label={`${showTable ? words.hideTable : words.showTable}: ${title}`}
          onClick={() => setShowTable((shown) => !shown)}
        >
          <Table2 className="size-4" aria-hidden="true" />
          {showTable ? words.hideTable : words.showTable}
        </Button>
      </div>
      {children}
      <div role="img" aria-label={summary} className="mt-3">
        <UplotPlot
          kind={kind}
          labels={labels}
          series={series}
          barColors={barColors}
          formatValue={formatValue}
          formatAxis={formatAxis}
          invert={invert}
          height={height}
        />
      </div>
      <div id={tableId} hidden={!showTable} className="mt-3 max-h-72 overflow-auto">
        {showTable && (
          <table className="w-full text-left text-sm">
            <caption className="sr-only">{title}</caption>
            <thead>
              <tr className="border-b border-slate-200 text-slate-600">
                <th scope="col" className="py-1.5 pr-3 font-medium">
                  {words.category}
                </th>
                {tableSeries.map((s) => (
                  <th key={s.label} scope="col" className="py-1.5 pr-3 text-right font-medium">
                    {s.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {labels.map((label, i) => (
                <tr key={label} className="border-b border-slate-100 last:border-0">
                  <th scope="row" className="py-1.5 pr-3 font-normal text-slate-700">
                    {label}
                  </th>
                  {tableSeries.map((s) => {
                    const value = s.values[i];
                    return (
                      <td key={s.label} className="py-1.5 pr-3 text-right tabular-nums text-slate-900">
                        {value === null || value === undefined ? '–' : formatValue(value)}
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </div>
    </figure>
  );
}

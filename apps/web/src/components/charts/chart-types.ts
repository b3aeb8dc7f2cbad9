/** A chart's way of drawing: bars (counts per bucket or key) or a line (a value over time). */
export type ChartKind = 'bar' | 'line';

/** One series of a chart: its name, a value per label (null: none) and its colour. */
export interface ChartSeries {
  label: string;
  values: readonly (number | null)[];
  color: string;
}

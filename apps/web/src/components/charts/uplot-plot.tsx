import { useEffect, useRef } from 'react';
import uPlot, { type AlignedData, type Options } from 'uplot';
import 'uplot/dist/uPlot.min.css';
import type { ChartKind, ChartSeries } from './chart-types';

interface PlotProps {
  kind: ChartKind;
  labels: readonly string[];
  series: readonly ChartSeries[];
  /** One colour per bar (a breakdown of one series); otherwise each series has its own. */
  barColors?: readonly string[];
  formatValue: (value: number) => string;
  /** The value axis' ticks, when shorter than formatValue's words (e.g. "2.5 hrs"). */
  formatAxis?: (value: number) => string;
  /** Lower is better (a rank): the axis runs from the largest value at the bottom to 1 at the top. */
  invert?: boolean;
  height: number;
}

/** Whether this browser can draw on a canvas (test DOMs cannot: the table stays the way to read the data). */
function canDraw(): boolean {
  try {
    return document.createElement('canvas').getContext('2d') !== null;
  } catch {
    return false;
  }
}

const AXIS = { stroke: '#475569', grid: { stroke: '#e2e8f0', width: 1 }, ticks: { show: false } };

/** Category labels longer than this are slanted and cut (the table has them whole). */
const LONG_LABEL = 8;
const cut = (label: string) => (label.length > 14 ? `${label.slice(0, 13)}…` : label);

function optionsOf(p: PlotProps, width: number): Options {
  const slant = p.kind === 'bar' && p.labels.some((l) => l.length > LONG_LABEL) && p.labels.length <= 12;
  const indexLabel = (i: number) => {
    const label = p.labels[Math.round(i)] ?? '';
    return slant ? cut(label) : label;
  };
  const axisValue = p.formatAxis ?? p.formatValue;
  const bars = p.kind === 'bar' ? uPlot.paths.bars?.({ size: [0.7, 48], ...barDisp(p) }) : undefined;
  return {
    width,
    height: p.height,
    legend: { show: false },
    cursor: { show: false },
    select: { show: false, left: 0, top: 0, width: 0, height: 0 },
    padding: [12, 8, 0, 0],
    scales: {
      x: { time: false, range: (_u, min, max) => [min - 0.5, max + 0.5] },
      y: {
        dir: p.invert ? -1 : 1,
        range: (_u, min, max) => (p.invert ? [1, Math.max(max, 2)] : [Math.min(0, min), Math.max(max, 1)]),
      },
    },
    axes: [
      {
        ...AXIS,
        grid: { show: false },
        ...(slant ? { rotate: 30, size: 84 } : {}),
        values: (_u, splits) => splits.map((s) => (Number.isInteger(s) ? indexLabel(s) : '')),
      },
      {
        ...AXIS,
        size: 60,
        values: (_u, splits) => splits.map((s) => (Number.isInteger(s) ? axisValue(s) : '')),
      },
    ],
    series: [
      {},
      ...p.series.map((s) => ({
        label: s.label,
        stroke: s.color,
        fill: p.kind === 'bar' ? s.color : p.invert ? undefined : `${s.color}22`,
        width: p.kind === 'bar' ? 0 : 2,
        points: { show: p.labels.length <= 31, size: 5 },
        spanGaps: false,
        ...(bars ? { paths: bars } : {}),
      })),
    ],
  };
}

function barDisp(p: PlotProps) {
  const colors = p.barColors;
  if (!colors) return {};
  return { disp: { fill: { unit: 3 as const, values: () => colors as string[] } } };
}

/** The uPlot drawing of a chart, as wide as its box; redrawn when the data or the box width changes. */
export function UplotPlot(props: PlotProps) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = box.current;
    if (!el || !canDraw()) return;
    const data: AlignedData = [props.labels.map((_, i) => i), ...props.series.map((s) => [...s.values])];
    let plot: uPlot | null = null;
    const draw = () => {
      const width = Math.max(200, Math.floor(el.clientWidth));
      if (plot) plot.setSize({ width, height: props.height });
      else plot = new uPlot(optionsOf(props, width), data, el);
    };
    draw();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(draw);
    observer?.observe(el);
    return () => {
      observer?.disconnect();
      plot?.destroy();
    };
  }, [props]);
  return <div ref={box} className="w-full overflow-hidden" style={{ minHeight: props.height }} />;
}

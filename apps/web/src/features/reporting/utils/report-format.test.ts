import { describe, expect, it } from 'vitest';
import { WEEKLY_AFTER_DAYS, weekly } from './report-format';

const days = (n: number) =>
  Array.from({ length: n }, (_, i) => new Date(Date.UTC(2026, 0, 1 + i)).toISOString().slice(0, 10));

describe('weekly', () => {
  it('sums each seven days from the first into one bar, the last week holding what is left', () => {
    const range = days(16);
    const values = range.map((_, i) => i + 1);
    expect(weekly(range, [{ key: 'shares', values }])).toEqual({
      days: ['2026-01-01', '2026-01-08', '2026-01-15'],
      // 1..7, 8..14, 15..16
      lines: [{ key: 'shares', values: [28, 77, 31] }],
    });
  });

  it('keeps every line apart and loses nothing of the total', () => {
    const range = days(WEEKLY_AFTER_DAYS + 1);
    const a = range.map((_, i) => (i % 5 === 0 ? 3 : 0));
    const b = range.map(() => 1);
    const result = weekly(range, [
      { key: 'shares', values: a },
      { key: 'clicks', values: b },
    ]);
    expect(result.days).toHaveLength(Math.ceil(range.length / 7));
    const sum = (v: number[]) => v.reduce((x, y) => x + y, 0);
    expect(result.lines.map((l) => sum(l.values))).toEqual([sum(a), sum(b)]);
  });
});

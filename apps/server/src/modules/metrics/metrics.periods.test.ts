import { describe, expect, it } from 'vitest';
import { bucketStarts, getMetricsRange, medianWithZeros, weekStartOf } from './metrics.periods.ts';
import { streakOf } from './metrics.presenter.ts';

const now = new Date('2026-11-25T15:00:00Z'); // a Wednesday

describe('metrics periods', () => {
  it('cuts each period into days, weeks or months, in UTC', () => {
    expect(getMetricsRange('7d', null, now)).toEqual({ from: '2026-11-19', to: '2026-11-25', bucket: 'day' });
    expect(getMetricsRange('30d', null, now)).toMatchObject({ from: '2026-10-27', bucket: 'day' });
    expect(getMetricsRange('90d', null, now)).toMatchObject({ from: '2026-08-28', bucket: 'week' });
    expect(getMetricsRange('year', null, now)).toMatchObject({ from: '2026-01-01', bucket: 'week' });
    expect(getMetricsRange('all', '2025-03-04', now)).toMatchObject({ from: '2025-03-04', bucket: 'month' });
    expect(getMetricsRange('all', null, now)).toMatchObject({ from: '2026-11-25', to: '2026-11-25' });
    expect(weekStartOf('2026-11-25')).toBe('2026-11-23');
    expect(weekStartOf('2026-11-23')).toBe('2026-11-23');
    expect(bucketStarts({ from: '2026-10-30', to: '2026-12-02', bucket: 'month' })).toEqual([
      '2026-10-01',
      '2026-11-01',
      '2026-12-01',
    ]);
    expect(bucketStarts({ from: '2026-11-19', to: '2026-11-25', bucket: 'week' })).toEqual([
      '2026-11-16',
      '2026-11-23',
    ]);
  });

  it('takes the median of all members, those with nothing counted as 0', () => {
    expect(medianWithZeros([], 0)).toBe(0);
    expect(medianWithZeros([5], 1)).toBe(5);
    expect(medianWithZeros([5], 4)).toBe(0);
    expect(medianWithZeros([20, 40, 100], 4)).toBe(30);
    expect(medianWithZeros([3, 7, 9], 3)).toBe(7);
    expect(medianWithZeros([-6, 4], 3)).toBe(0);
    expect(medianWithZeros([-6, -2, 4], 3)).toBe(-2);
  });

  it('counts a streak of consecutive weeks ending this week or last week', () => {
    expect(streakOf([], '2026-11-23', '2026-11-16')).toBe(0);
    expect(
      streakOf(['2026-11-23', '2026-11-16', '2026-11-09', '2026-10-26'], '2026-11-23', '2026-11-16'),
    ).toBe(3);
    expect(streakOf(['2026-11-16', '2026-11-09'], '2026-11-23', '2026-11-16')).toBe(2);
    expect(streakOf(['2026-11-09'], '2026-11-23', '2026-11-16')).toBe(0);
  });
});

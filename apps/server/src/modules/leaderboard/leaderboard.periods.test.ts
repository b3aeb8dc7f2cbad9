import { describe, expect, it } from 'vitest';
import { getPeriodRange } from './leaderboard.periods.ts';

describe('getPeriodRange', () => {
  it('starts a week on the ISO Monday in UTC, also on Sunday night and Monday morning', () => {
    // Sunday 2026-11-22 23:59 UTC belongs to the week of Monday 2026-11-16.
    expect(getPeriodRange('week', new Date('2026-11-22T23:59:59Z'))).toEqual({
      key: '2026-11-16',
      start: '2026-11-16',
      end: '2026-11-22',
    });
    expect(getPeriodRange('week', new Date('2026-11-23T00:00:00Z')).key).toBe('2026-11-23');
    // Across a year's end.
    expect(getPeriodRange('week', new Date('2027-01-01T12:00:00Z'))).toMatchObject({
      start: '2026-12-28',
      end: '2027-01-03',
    });
  });

  it('spans a calendar month, leap February included', () => {
    expect(getPeriodRange('month', new Date('2028-02-29T23:00:00Z'))).toEqual({
      key: '2028-02-01',
      start: '2028-02-01',
      end: '2028-02-29',
    });
    expect(getPeriodRange('month', new Date('2026-12-31T23:59:59Z')).end).toBe('2026-12-31');
  });

  it('keys all time on 1970-01-01 and shows no dates', () => {
    expect(getPeriodRange('all')).toEqual({ key: '1970-01-01', start: null, end: null });
  });
});

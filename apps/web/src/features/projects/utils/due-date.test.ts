import { describe, expect, it } from 'vitest';
import { getDueInfo } from './due-date';

// Local dates, so the calendar-day rule holds in any time zone the tests run in.
const now = new Date(2026, 2, 10, 9, 0).getTime();
const at = (...args: [number, number, number, number?, number?]) =>
  new Date(args[0], args[1], args[2], args[3] ?? 0, args[4] ?? 0).toISOString();

describe('getDueInfo', () => {
  it('says minutes and hours within a day', () => {
    expect(getDueInfo(at(2026, 2, 10, 9, 20), 'en', now).relative).toBe('in 20 minutes');
    expect(getDueInfo(at(2026, 2, 10, 14), 'en', now)).toEqual({
      relative: 'in 5 hours',
      isPast: false,
      isSoon: true,
    });
  });

  it('counts calendar days beyond a day', () => {
    expect(getDueInfo(at(2026, 2, 11, 20), 'en', now).relative).toBe('tomorrow');
    expect(getDueInfo(at(2026, 2, 13, 8), 'en', now)).toEqual({
      relative: 'in 3 days',
      isPast: false,
      isSoon: false,
    });
  });

  it('uses weeks and months further out', () => {
    expect(getDueInfo(at(2026, 2, 24, 9), 'en', now).relative).toBe('in 2 weeks');
    expect(getDueInfo(at(2026, 5, 10, 9), 'en', now).relative).toBe('in 3 months');
  });

  it('marks past due dates', () => {
    expect(getDueInfo(at(2026, 2, 8, 12), 'en', now)).toEqual({
      relative: '2 days ago',
      isPast: true,
      isSoon: false,
    });
    expect(getDueInfo(at(2026, 2, 9, 8), 'en', now).relative).toBe('yesterday');
  });

  it('follows the language', () => {
    expect(getDueInfo(at(2026, 2, 13, 9), 'de', now).relative).toBe('in 3 Tagen');
  });
});

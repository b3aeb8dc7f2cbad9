import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatOffset, fromDateTimeLocal, isEndBeforeStart, toDateTimeLocal } from './datetime-local';

const originalTz = process.env.TZ;

describe('datetime-local ↔ ISO', () => {
  beforeAll(() => {
    process.env.TZ = 'America/New_York';
  });
  afterAll(() => {
    process.env.TZ = originalTz;
  });

  it('gives the local value of an instant', () => {
    expect(toDateTimeLocal('2026-03-01T14:30:00Z')).toBe('2026-03-01T09:30');
    expect(toDateTimeLocal('2026-07-01T14:30:00+00:00')).toBe('2026-07-01T10:30');
  });

  it('gives an empty value for none or garbage', () => {
    expect(toDateTimeLocal(null)).toBe('');
    expect(toDateTimeLocal(undefined)).toBe('');
    expect(toDateTimeLocal('not a date')).toBe('');
  });

  it('converts a local value to ISO with the offset in force on that day', () => {
    expect(fromDateTimeLocal('2026-03-01T09:30')).toBe('2026-03-01T09:30:00-05:00');
    expect(fromDateTimeLocal('2026-07-01T09:30')).toBe('2026-07-01T09:30:00-04:00');
  });

  it('round-trips', () => {
    const iso = fromDateTimeLocal('2026-12-24T18:05');
    expect(iso).not.toBeNull();
    expect(toDateTimeLocal(iso)).toBe('2026-12-24T18:05');
    expect(new Date(iso!).toISOString()).toBe('2026-12-24T23:05:00.000Z');
  });

  it('answers null for empty and impossible values', () => {
    expect(fromDateTimeLocal('')).toBeNull();
    expect(fromDateTimeLocal(null)).toBeNull();
    expect(fromDateTimeLocal('2026-02-31T10:00')).toBeNull();
    expect(fromDateTimeLocal('yesterday')).toBeNull();
  });

  it('formats offsets east and west of UTC', () => {
    expect(formatOffset({ getTimezoneOffset: () => -330 } as Date)).toBe('+05:30');
    expect(formatOffset({ getTimezoneOffset: () => 300 } as Date)).toBe('-05:00');
    expect(formatOffset({ getTimezoneOffset: () => 0 } as Date)).toBe('+00:00');
  });

  it('tells when an end is not after its start', () => {
    expect(isEndBeforeStart('2026-03-02T10:00', '2026-03-01T10:00')).toBe(true);
    expect(isEndBeforeStart('2026-03-01T10:00', '2026-03-01T10:00')).toBe(true);
    expect(isEndBeforeStart('2026-03-01T10:00', '2026-03-02T10:00')).toBe(false);
    expect(isEndBeforeStart('', '2026-03-02T10:00')).toBe(false);
  });
});

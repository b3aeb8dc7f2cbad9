import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatRelativeTime, relativeFormat } from './format-date';

const NOW = Date.parse('2026-11-24T12:00:00Z');

describe('format-date', () => {
  it('says how long ago, in the largest whole unit', () => {
    expect(formatRelativeTime('2026-11-24T09:00:00Z', 'en', NOW)).toBe('3 hours ago');
    expect(formatRelativeTime('2026-11-23T12:00:00Z', 'en', NOW)).toBe('yesterday');
    expect(formatRelativeTime('2026-11-24T11:59:50Z', 'en', NOW)).toBe('now');
    expect(formatRelativeTime('2026-11-24T09:00:00Z', 'de', NOW)).toBe('vor 3 Stunden');
  });

  it('formats a date and a date with time as the browser would', () => {
    expect(formatDate('2026-03-12T10:00:00Z', 'en-GB')).toBe('12 Mar 2026');
    const iso = '2026-03-12T10:05:09Z';
    expect(formatDateTime(iso, 'en-US')).toBe(new Date(iso).toLocaleString('en-US'));
  });

  it('makes one formatter per language and reuses it', () => {
    expect(relativeFormat('en')).toBe(relativeFormat('en'));
    expect(relativeFormat('fr')).not.toBe(relativeFormat('en'));
  });
});

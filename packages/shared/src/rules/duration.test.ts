import { describe, expect, it } from 'vitest';
import { formatDuration } from './duration.ts';

describe('formatDuration', () => {
  it.each([
    [0, '0 mins'],
    [1, '1 min'],
    [2, '2 mins'],
    [0.2, '1 min'],
    [1.01, '2 mins'],
    [45, '45 mins'],
    [59, '59 mins'],
    [59.5, '1 hr'],
    [60, '1 hr'],
    [61, '1 hr 1 min'],
    [62, '1 hr 2 mins'],
    [90.2, '1 hr 31 mins'],
    [120, '2 hrs'],
    [121, '2 hrs 1 min'],
    [125, '2 hrs 5 mins'],
    [1440, '24 hrs'],
  ])('formats %d as %j', (minutes, expected) => {
    expect(formatDuration(minutes)).toBe(expected);
  });

  it('treats negative, NaN and infinite input as 0', () => {
    expect(formatDuration(-5)).toBe('0 mins');
    expect(formatDuration(-0.5)).toBe('0 mins');
    expect(formatDuration(Number.NaN)).toBe('0 mins');
    expect(formatDuration(Number.POSITIVE_INFINITY)).toBe('0 mins');
  });
});

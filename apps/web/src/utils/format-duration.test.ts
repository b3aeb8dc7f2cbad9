import { describe, expect, it } from 'vitest';
import { formatDurationIn } from './format-duration';

describe('formatDurationIn', () => {
  it("keeps SPEC 9's English format and rounds up the same way in Spanish", () => {
    expect(formatDurationIn(125, 'en')).toBe('2 hrs 5 mins');
    expect(formatDurationIn(0.2, 'en')).toBe('1 min');
    expect(formatDurationIn(125, 'es')).toBe('2 h 5 min');
    expect(formatDurationIn(120, 'es')).toBe('2 h');
    expect(formatDurationIn(0.2, 'es')).toBe('1 min');
    expect(formatDurationIn(Number.NaN, 'es')).toBe('0 min');
  });
});

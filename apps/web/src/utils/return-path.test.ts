import { describe, expect, it } from 'vitest';
import { getSafeReturnPath } from './return-path';

describe('getSafeReturnPath', () => {
  it('keeps same-origin relative paths with their query', () => {
    expect(getSafeReturnPath('/projects')).toBe('/projects');
    expect(getSafeReturnPath('/chat?thread=1&scroll=20')).toBe('/chat?thread=1&scroll=20');
  });

  it('falls back to / for anything else', () => {
    for (const to of [
      null,
      undefined,
      '',
      'projects',
      '//evil.test',
      '/\\evil.test',
      'https://evil.test/',
      '/a\nb',
    ]) {
      expect(getSafeReturnPath(to)).toBe('/');
    }
  });
});

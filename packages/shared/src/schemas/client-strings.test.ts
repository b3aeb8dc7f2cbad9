import { describe, expect, it } from 'vitest';
import { isLocale } from '../constants/locales.ts';
import {
  CLIENT_STRINGS_MAX,
  isStringKey,
  parseStringKey,
  STRING_KEY_MAX,
  STRING_VALUE_MAX,
  stringKeyFor,
  UpdateClientStringsRequestSchema,
} from './client-strings.ts';

describe('client string overrides (issue 14)', () => {
  it('stores English under the key and another language under its prefix', () => {
    expect(stringKeyFor('en', 'nav.home')).toBe('nav.home');
    expect(stringKeyFor('es', 'nav.home')).toBe('es:nav.home');
    expect(parseStringKey('es:nav.home')).toEqual({ locale: 'es', key: 'nav.home' });
    expect(parseStringKey('nav.home')).toEqual({ locale: 'en', key: 'nav.home' });
    expect(parseStringKey('fr:nav.home')).toEqual({ locale: 'en', key: 'fr:nav.home' });
  });

  it('accepts i18next keys only, with a known language prefix and a bounded length', () => {
    for (const key of ['nav.home', 'es:words.projects', 'feed.posts_many', 'a'])
      expect(isStringKey(key)).toBe(true);
    for (const key of [
      '',
      'fr:nav.home',
      'en:nav.home',
      'nav..home',
      '.nav',
      'nav.',
      'nav home',
      '<b>',
      'es:',
    ]) {
      expect(isStringKey(key), key).toBe(false);
    }
    expect(isStringKey(`a${'b'.repeat(STRING_KEY_MAX - 1)}`)).toBe(true);
    expect(isStringKey(`a${'b'.repeat(STRING_KEY_MAX)}`)).toBe(false);
  });

  it('refuses a bad key or text naming it, and accepts null and trimmed texts', () => {
    const parse = (strings: unknown) => UpdateClientStringsRequestSchema.safeParse({ strings });
    const bad = parse({ 'fr:nav.home': 'x' });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.path).toEqual(['strings', 'fr:nav.home']);
    const long = parse({ 'nav.home': 'x'.repeat(STRING_VALUE_MAX + 1) });
    expect(long.error?.issues[0]?.path).toEqual(['strings', 'nav.home']);
    expect(parse({ 'nav.home': '  Start ', 'es:nav.home': null }).data).toEqual({
      strings: { 'nav.home': 'Start', 'es:nav.home': null },
    });
    const many = Object.fromEntries(Array.from({ length: CLIENT_STRINGS_MAX + 1 }, (_, i) => [`k${i}`, 'x']));
    expect(parse(many).success).toBe(false);
    expect(isLocale('es')).toBe(true);
    expect(isLocale('fr')).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { buildCatalog, flattenStrings, previewText, searchCatalog } from './text-catalog';

const english = flattenStrings({
  nav: { home: 'Home', projects: '$t(words.projects)' },
  words: { projects: 'Projects' },
  roles: { user: 'Member' },
  feed: { posts_one: '{{count}} post', posts_other: '{{count}} posts' },
});
const spanish = flattenStrings({
  nav: { home: 'Inicio', projects: '$t(words.projects)' },
  words: { projects: 'Proyectos' },
  feed: {
    posts_one: '{{count}} publicación',
    posts_other: '{{count}} publicaciones',
    posts_many: '{{count}} de publicaciones',
  },
});

describe('the words editor’s catalog', () => {
  it('flattens nested strings to dotted keys', () => {
    expect(english['feed.posts_one']).toBe('{{count}} post');
    expect(english['nav.home']).toBe('Home');
  });

  it('offers every English key but the words set above, in English', () => {
    expect(buildCatalog('en', english, english).map((e) => e.key)).toEqual([
      'feed.posts_one',
      'feed.posts_other',
      'nav.home',
      'nav.projects',
    ]);
  });

  it('offers every key in Spanish, its plural forms included, with Spanish’s text or English’s where it lacks one', () => {
    const catalog = buildCatalog('es', english, spanish);
    expect(catalog.map((e) => e.key)).toContain('feed.posts_many');
    expect(catalog.find((e) => e.key === 'feed.posts_many')).toEqual({
      key: 'feed.posts_many',
      text: '{{count}} de publicaciones',
      english: '{{count}} posts',
    });
    expect(catalog.find((e) => e.key === 'roles.user')).toEqual({
      key: 'roles.user',
      text: 'Member',
      english: 'Member',
    });
  });

  it('searches keys, texts in both languages and overrides, every word, case-insensitively', () => {
    const catalog = buildCatalog('es', english, spanish);
    const search = (query: string, isOnlyChanged = false, overrides: Record<string, string | null> = {}) =>
      searchCatalog(catalog, query, { locale: 'es', overrides, isOnlyChanged }).map((e) => e.key);
    expect(search('INICIO')).toEqual(['nav.home']);
    expect(search('home')).toEqual(['nav.home']);
    expect(search('feed posts_o')).toEqual(['feed.posts_one', 'feed.posts_other']);
    expect(search('portada', false, { 'es:nav.home': 'Portada' })).toEqual(['nav.home']);
    // An English override is not a Spanish one.
    expect(search('', true, { 'nav.home': 'Start', 'es:words.projects': 'Misiones' })).toEqual([
      'words.projects',
    ]);
    expect(search('', true, { 'es:nav.home': null })).toEqual(['nav.home']);
    expect(search('', true, {})).toEqual([]);
  });

  it('previews nestings with the texts they name and keeps placeholders', () => {
    const translate = (key: string) => ({ 'words.projects': 'Misiones' })[key] ?? key;
    expect(previewText('Ver $t(words.projects) de {{name}}', translate)).toBe('Ver Misiones de {{name}}');
  });
});

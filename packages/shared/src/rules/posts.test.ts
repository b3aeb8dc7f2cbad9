import { describe, expect, it, vi } from 'vitest';
import { DEFAULT_POST_CHARACTER_LIMIT } from '../constants/domain.ts';
import {
  canUsePostDirectly,
  countPostCharacters,
  fillTemplate,
  findPlaceholders,
  getPostCharacterLimit,
  PLACEHOLDER_PATTERN,
  splitHashtags,
} from './posts.ts';

describe('PLACEHOLDER_PATTERN', () => {
  it('is global and captures the name', () => {
    expect(PLACEHOLDER_PATTERN.flags).toContain('g');
    expect([...'Hi [[name]]'.matchAll(PLACEHOLDER_PATTERN)].map((m) => m[1])).toEqual(['name']);
  });
});

describe('findPlaceholders', () => {
  it('lists unique names in order of first appearance', () => {
    expect(findPlaceholders('[[b]] and [[a]], again [[b]]')).toEqual(['b', 'a']);
  });

  it('finds names with spaces and ignores single brackets', () => {
    expect(findPlaceholders('Visit [[store name]] [link]')).toEqual(['store name']);
    expect(findPlaceholders('no placeholders [here]')).toEqual([]);
    expect(findPlaceholders('[[]] is empty')).toEqual([]);
  });

  it('is not affected by a caller moving lastIndex of the shared regex', () => {
    PLACEHOLDER_PATTERN.lastIndex = 5;
    expect(findPlaceholders('[[a]]')).toEqual(['a']);
    PLACEHOLDER_PATTERN.lastIndex = 0;
  });
});

describe('fillTemplate', () => {
  it('replaces every occurrence of known placeholders', () => {
    expect(fillTemplate('Hi [[name]], [[name]]!', { name: 'Ana' })).toBe('Hi Ana, Ana!');
  });

  it('leaves unknown or empty placeholders in place', () => {
    expect(fillTemplate('[[a]] [[b]] [[c]]', { a: 'A', b: '' })).toBe('A [[b]] [[c]]');
  });

  it('does not read inherited properties', () => {
    expect(fillTemplate('[[toString]]', {})).toBe('[[toString]]');
  });

  it('inserts values literally', () => {
    expect(fillTemplate('[[a]]', { a: '$& [[b]]', b: 'B' })).toBe('$& [[b]]');
  });
});

describe('canUsePostDirectly', () => {
  const template = { body: 'Ready to post #rally' };

  it('accepts zero or one creative with a template without placeholders', () => {
    expect(canUsePostDirectly({ creatives: [], template })).toBe(true);
    expect(canUsePostDirectly({ creatives: [{}], template })).toBe(true);
    expect(canUsePostDirectly({ creatives: null, template })).toBe(true);
    expect(canUsePostDirectly({ template })).toBe(true);
  });

  it('rejects more than one creative', () => {
    expect(canUsePostDirectly({ creatives: [{}, {}], template })).toBe(false);
  });

  it('rejects a post without a template', () => {
    expect(canUsePostDirectly({ creatives: [] })).toBe(false);
    expect(canUsePostDirectly({ creatives: [], template: null })).toBe(false);
  });

  it('rejects a template with placeholders', () => {
    expect(canUsePostDirectly({ creatives: [], template: { body: 'Hi [[name]]' } })).toBe(false);
  });
});

describe('getPostCharacterLimit', () => {
  it('uses the channel limits', () => {
    expect(getPostCharacterLimit('instagram')).toBe(2200);
    expect(getPostCharacterLimit('twitter')).toBe(280);
    expect(getPostCharacterLimit('linkedin')).toBe(3000);
  });

  it('uses 63206 for every other channel', () => {
    expect(getPostCharacterLimit('facebook')).toBe(DEFAULT_POST_CHARACTER_LIMIT);
    expect(getPostCharacterLimit('tiktok')).toBe(63206);
    expect(getPostCharacterLimit('toString')).toBe(63206);
    expect(getPostCharacterLimit('')).toBe(63206);
  });
});

describe('countPostCharacters', () => {
  it('counts user-perceived characters', () => {
    expect(countPostCharacters('')).toBe(0);
    expect(countPostCharacters('hello')).toBe(5);
    expect(countPostCharacters('😀')).toBe(1);
    expect(countPostCharacters('👨‍👩‍👧‍👦')).toBe(1);
    expect(countPostCharacters('🇫🇷!')).toBe(2);
    expect(countPostCharacters('e\u0301')).toBe(1);
  });

  it('falls back to code points without Intl.Segmenter', async () => {
    vi.stubGlobal('Intl', { ...Intl, Segmenter: undefined });
    vi.resetModules();
    try {
      const posts = await import('./posts.ts');
      expect(posts.countPostCharacters('a😀')).toBe(2);
      expect(posts.countPostCharacters('🇫🇷')).toBe(2);
    } finally {
      vi.unstubAllGlobals();
      vi.resetModules();
    }
  });
});

describe('splitHashtags', () => {
  it('splits text around hashtags', () => {
    expect(splitHashtags('Love #rally and #Summer_2024!')).toEqual([
      { text: 'Love ', hashtag: false },
      { text: '#rally', hashtag: true },
      { text: ' and ', hashtag: false },
      { text: '#Summer_2024', hashtag: true },
      { text: '!', hashtag: false },
    ]);
  });

  it('handles hashtags at the edges and unicode letters', () => {
    expect(splitHashtags('#café #東京')).toEqual([
      { text: '#café', hashtag: true },
      { text: ' ', hashtag: false },
      { text: '#東京', hashtag: true },
    ]);
  });

  it('keeps a lone # and glued # as plain text', () => {
    expect(splitHashtags('a # b')).toEqual([{ text: 'a # b', hashtag: false }]);
    expect(splitHashtags('see example.com/page#top')).toEqual([
      { text: 'see example.com/page#top', hashtag: false },
    ]);
    expect(splitHashtags('(#tag)')).toEqual([
      { text: '(', hashtag: false },
      { text: '#tag', hashtag: true },
      { text: ')', hashtag: false },
    ]);
  });

  it('gives no parts for empty text and one part for text without hashtags', () => {
    expect(splitHashtags('')).toEqual([]);
    expect(splitHashtags('plain')).toEqual([{ text: 'plain', hashtag: false }]);
  });

  it('joins back to the original text', () => {
    const text = '#a b #c#d e';
    expect(
      splitHashtags(text)
        .map((part) => part.text)
        .join(''),
    ).toBe(text);
  });
});

import { describe, expect, it } from 'vitest';
import {
  compileSafetyRules,
  getSafetyOutcome,
  highlightSafetyPhrases,
  normalizeSafetyText,
  type SafetyRuleInput,
  screenSafetyText,
  splitSafetyMatches,
  tokenizeSafetyText,
} from './safety.ts';

const block = (phrase: string): SafetyRuleInput => ({ phrase, kind: 'block' });
const flag = (phrase: string): SafetyRuleInput => ({ phrase, kind: 'flag' });
const allow = (phrase: string): SafetyRuleInput => ({ phrase, kind: 'allow' });

describe('normalizeSafetyText', () => {
  it.each([
    ['Bad   Word!', 'bad word'],
    ['  hello\tworld\n', 'hello world'],
    ['Crème Brûlée', 'creme brulee'],
    ['CREME', 'creme'],
    ['Straße', 'strasse'],
    ['STRAẞE', 'strasse'],
    ['Ｆｕｌｌｗｉｄｔｈ', 'fullwidth'],
    ['bad-word', 'bad word'],
    ['bad_word', 'bad word'],
    ['bad.word/bad,word', 'bad word bad word'],
    ["don't", 'don t'],
    ['it’s', 'it s'],
    ['sc\u00ADam', 'scam'],
    ['sc\u200Bam', 'scam'],
    ['e\u0301te\u0301', 'ete'],
    ['Привет, МИР', 'привет мир'],
    ['Ёлка', 'елка'],
    ['Øresund Æble Łódź', 'oresund aeble lodz'],
    ['İstanbul', 'istanbul'],
    ['24/7 support', '24 7 support'],
    ['Win $1,000 now', 'win 1 000 now'],
    ['🎉 party 🎉', 'party'],
    ['👩‍💻 coder', 'coder'],
    ['❤️', ''],
    ['...!!!', ''],
    ['', ''],
    ['ﬁne', 'fine'],
    ['x²', 'x2'],
  ])('%j → %j', (text, expected) => {
    expect(normalizeSafetyText(text)).toBe(expected);
  });
});

describe('tokenizeSafetyText', () => {
  it('keeps the span of each word in the original text', () => {
    const text = 'Hi, Crème!';
    const tokens = tokenizeSafetyText(text);
    expect(tokens.map((t) => t.word)).toEqual(['hi', 'creme']);
    expect(tokens.map((t) => text.slice(t.start, t.end))).toEqual(['Hi', 'Crème']);
  });

  it('counts emoji as separators with correct offsets after surrogate pairs', () => {
    const text = '🎉scam🎉';
    const [token] = tokenizeSafetyText(text);
    expect(text.slice(token!.start, token!.end)).toBe('scam');
  });
});

describe('screenSafetyText: whole words', () => {
  const rules = [block('ass'), flag('bad word'), flag('scam')];

  it.each(['class', 'passion', 'Assessment', 'bass guitar', 'scammer', 'badword', 'bad words'])(
    'does not match inside other words: %j',
    (text) => {
      const s = screenSafetyText(rules, text);
      expect(s.blocked).toEqual([]);
      expect(s.flagged).toEqual([]);
      expect(getSafetyOutcome(s)).toBe('clean');
    },
  );

  it.each(['ass', 'What an ASS!', 'ass-kicking', '(ass)', 'ass.', '"Ass"', 'the ass🎉'])(
    'matches the whole word: %j',
    (text) => {
      expect(screenSafetyText(rules, text).blocked).toEqual(['ass']);
    },
  );

  it.each(['bad word', 'Bad   Word!', 'BAD-WORD', 'a bad\nword here', 'bad_word', 'bád wörd'])(
    'matches the whole phrase: %j',
    (text) => {
      expect(screenSafetyText(rules, text).flagged).toEqual(['bad word']);
    },
  );

  it('does not match a phrase whose words are not adjacent', () => {
    expect(screenSafetyText(rules, 'bad, bad word')).toMatchObject({ flagged: ['bad word'] });
    expect(screenSafetyText(rules, 'bad other word').flagged).toEqual([]);
  });
});

describe('screenSafetyText: case, accents and scripts', () => {
  it('is accent-insensitive both ways', () => {
    expect(screenSafetyText([flag('crème')], 'CREME brulee').flagged).toEqual(['crème']);
    expect(screenSafetyText([flag('creme')], 'Crème brûlée').flagged).toEqual(['creme']);
    expect(screenSafetyText([flag('Café')], 'cafe\u0301').flagged).toEqual(['Café']);
  });

  it('folds ß', () => {
    expect(screenSafetyText([block('strasse')], 'Die Straße').blocked).toEqual(['strasse']);
    expect(screenSafetyText([block('Straße')], 'STRASSE').blocked).toEqual(['Straße']);
  });

  it('matches Cyrillic words whole and case-insensitively', () => {
    const rules = [block('плохо')];
    expect(screenSafetyText(rules, 'Это ПЛОХО!').blocked).toEqual(['плохо']);
    expect(screenSafetyText(rules, 'неплохо').blocked).toEqual([]);
  });

  it('matches numbers as words', () => {
    const rules = [flag('100% guaranteed'), block('24/7')];
    expect(screenSafetyText(rules, 'It is 100 % GUARANTEED').flagged).toEqual(['100% guaranteed']);
    expect(screenSafetyText(rules, 'open 24-7').blocked).toEqual(['24/7']);
    expect(screenSafetyText(rules, 'open 247').blocked).toEqual([]);
    expect(screenSafetyText(rules, '1100% guaranteed').flagged).toEqual([]);
  });

  it('sees through invisible characters and full-width letters', () => {
    expect(screenSafetyText([block('scam')], 'sc\u200Bam').blocked).toEqual(['scam']);
    expect(screenSafetyText([block('scam')], 'ＳＣＡＭ').blocked).toEqual(['scam']);
  });

  it('treats emoji as separators', () => {
    expect(screenSafetyText([flag('scam')], '🚨scam🚨').flagged).toEqual(['scam']);
    expect(screenSafetyText([flag('big scam')], 'big 🤑 scam').flagged).toEqual(['big scam']);
  });
});

describe('screenSafetyText: allow list', () => {
  it('exempts the allowed phrase but not other occurrences', () => {
    const rules = [block('hell'), allow("Hell's Kitchen")];
    expect(screenSafetyText(rules, "Dinner at Hell's Kitchen tonight")).toMatchObject({
      blocked: [],
      allowed: ["Hell's Kitchen"],
    });
    expect(screenSafetyText(rules, "Hell's Kitchen was hell").blocked).toEqual(['hell']);
  });

  it('lets an allowed phrase win over a flagged word inside it', () => {
    const rules = [flag('united'), allow('Scunthorpe United')];
    expect(screenSafetyText(rules, 'Go SCUNTHORPE united!').flagged).toEqual([]);
    expect(screenSafetyText(rules, 'We stand united').flagged).toEqual(['united']);
  });

  it('never lets a phrase span across an allowed phrase', () => {
    const rules = [flag('bad word'), allow('very')];
    expect(screenSafetyText(rules, 'bad very word').flagged).toEqual([]);
  });

  it('takes the longest allowed phrase at a position', () => {
    const rules = [block('kitchen'), allow('hell'), allow('hell kitchen')];
    expect(screenSafetyText(rules, 'hell kitchen').blocked).toEqual([]);
  });
});

describe('screenSafetyText: results', () => {
  it('reports each phrase once in order, and every occurrence with its span', () => {
    const text = 'Scam! A big scam, guaranteed returns.';
    const s = screenSafetyText([flag('scam'), block('guaranteed returns'), flag('big scam')], text);
    expect(s.flagged).toEqual(['scam', 'big scam']);
    expect(s.blocked).toEqual(['guaranteed returns']);
    expect(s.matches.map((m) => text.slice(m.start, m.end))).toEqual([
      'Scam',
      'big scam',
      'scam',
      'guaranteed returns',
    ]);
    expect(getSafetyOutcome(s)).toBe('blocked');
  });

  it('ignores rules with no word in them', () => {
    const s = screenSafetyText([block('!!!'), block('   ')], 'wow !!!');
    expect(s.blocked).toEqual([]);
  });

  it('accepts a compiled matcher', () => {
    const matcher = compileSafetyRules([flag('scam')]);
    expect(screenSafetyText(matcher, 'a scam').flagged).toEqual(['scam']);
    expect(screenSafetyText(matcher, 'all fine').flagged).toEqual([]);
  });

  it('runs the separate non-word check (SPEC 5)', () => {
    expect(getSafetyOutcome(screenSafetyText([], '!!! ???'))).toBe('non_word');
    expect(getSafetyOutcome(screenSafetyText([], '🎉🎉'))).toBe('clean');
    expect(getSafetyOutcome(screenSafetyText([], '!!! 🎉'))).toBe('clean');
    expect(getSafetyOutcome(screenSafetyText([], 'ok'))).toBe('clean');
    expect(getSafetyOutcome(screenSafetyText([], ''))).toBe('clean');
  });
});

describe('splitSafetyMatches and highlightSafetyPhrases', () => {
  it('splits a text into plain and matched pieces', () => {
    expect(highlightSafetyPhrases('A Scam, a SCAM!', ['scam'])).toEqual([
      { text: 'A ', isMatch: false },
      { text: 'Scam', isMatch: true },
      { text: ', a ', isMatch: false },
      { text: 'SCAM', isMatch: true },
      { text: '!', isMatch: false },
    ]);
  });

  it('merges overlapping matches', () => {
    expect(
      splitSafetyMatches('abcdef', [
        { start: 1, end: 4 },
        { start: 2, end: 5 },
      ]),
    ).toEqual([
      { text: 'a', isMatch: false },
      { text: 'bcd', isMatch: true },
      { text: 'e', isMatch: true },
      { text: 'f', isMatch: false },
    ]);
  });

  it('returns the whole text when nothing matches', () => {
    expect(highlightSafetyPhrases('all good', ['scam'])).toEqual([{ text: 'all good', isMatch: false }]);
    expect(highlightSafetyPhrases('', ['scam'])).toEqual([]);
  });
});

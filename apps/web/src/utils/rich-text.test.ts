import { describe, expect, it } from 'vitest';
import { findMentionQuery, insertMention, keptMentions, splitRichText } from './rich-text';

describe('splitRichText', () => {
  it('finds links, mentions of the text’s members and hashtags', () => {
    const parts = splitRichText('Hi @Ann Lee and @Bob, see https://example.com/a?b=1. #launch', [
      { id: '1', display_name: 'Ann Lee' },
    ]);
    expect(parts).toEqual([
      { kind: 'text', text: 'Hi ' },
      { kind: 'mention', text: '@Ann Lee', userId: '1' },
      { kind: 'text', text: ' and @Bob, see ' },
      { kind: 'link', text: 'https://example.com/a?b=1', href: 'https://example.com/a?b=1' },
      { kind: 'text', text: '. ' },
      { kind: 'hashtag', text: '#launch' },
    ]);
  });

  it('prefers the longest name and keeps plain text when nobody is mentioned', () => {
    const parts = splitRichText('@Ann Lee!', [
      { id: '1', display_name: 'Ann' },
      { id: '2', display_name: 'Ann Lee' },
    ]);
    expect(parts[0]).toEqual({ kind: 'mention', text: '@Ann Lee', userId: '2' });
    expect(splitRichText('plain', [])).toEqual([{ kind: 'text', text: 'plain' }]);
  });
});

describe('mention editing', () => {
  it('finds the @query before the cursor, up to two words', () => {
    expect(findMentionQuery('Hello @Le', 9)).toEqual({ query: 'Le', start: 6 });
    expect(findMentionQuery('Hello @Lee Le', 13)).toEqual({ query: 'Lee Le', start: 6 });
    expect(findMentionQuery('mail me@x', 9)).toBeNull();
    expect(findMentionQuery('@a b c', 6)).toBeNull();
  });

  it('inserts the chosen name and keeps only mentions still in the text', () => {
    expect(insertMention('Hi @Le there', 3, 6, 'Lee Lead')).toEqual({
      text: 'Hi @Lee Lead  there',
      cursor: 13,
    });
    const lee = { id: '1', display_name: 'Lee Lead' };
    const ann = { id: '2', display_name: 'Ann' };
    const chosen = [lee, ann];
    expect(keptMentions('Thanks @lee lead', chosen)).toEqual([lee]);
    expect(keptMentions('Thanks @Ann and @Ann', [ann, ann])).toEqual([ann]);
    expect(keptMentions('Thanks', chosen)).toEqual([]);
  });
});

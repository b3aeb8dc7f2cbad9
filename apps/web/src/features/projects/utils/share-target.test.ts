import { describe, expect, it } from 'vitest';
import { composeShareText, getShareTarget } from './share-target';

const link = 'https://demo.example/p/0190-abc';
const text = 'Big news #launch & more';

describe('getShareTarget', () => {
  it('sends Facebook and LinkedIn the link only', () => {
    expect(getShareTarget('facebook', text, link)).toEqual({
      kind: 'intent',
      url: 'https://www.facebook.com/sharer/sharer.php?u=https%3A%2F%2Fdemo.example%2Fp%2F0190-abc',
    });
    expect(getShareTarget('linkedin', text, link)).toEqual({
      kind: 'intent',
      url: 'https://www.linkedin.com/sharing/share-offsite/?url=https%3A%2F%2Fdemo.example%2Fp%2F0190-abc',
    });
  });

  it('sends X the text and the link, encoded', () => {
    expect(getShareTarget('twitter', text, link)).toEqual({
      kind: 'intent',
      url: 'https://twitter.com/intent/tweet?text=Big%20news%20%23launch%20%26%20more&url=https%3A%2F%2Fdemo.example%2Fp%2F0190-abc',
    });
  });

  it('opens Instagram and TikTok for pasting, legacy channels too', () => {
    expect(getShareTarget('instagram', text, link)).toEqual({
      kind: 'app',
      url: 'https://www.instagram.com/',
    });
    expect(getShareTarget('instagram_legacy', text, link).url).toBe('https://www.instagram.com/');
    expect(getShareTarget('tiktok', text, link)).toEqual({
      kind: 'app',
      url: 'https://www.tiktok.com/upload',
    });
    expect(getShareTarget('tiktok_legacy', text, link).kind).toBe('app');
  });
});

describe('composeShareText', () => {
  it('adds the link on its own line', () => {
    expect(composeShareText('Hello #team  ', link)).toBe(`Hello #team\n\n${link}`);
  });

  it('does not repeat a link already in the text, and stands alone without text', () => {
    expect(composeShareText(`See ${link} now`, link)).toBe(`See ${link} now`);
    expect(composeShareText('  ', link)).toBe(link);
  });
});

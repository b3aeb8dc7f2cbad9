import { describe, expect, it } from 'vitest';
import { checkPostText, getInitialValues, getPlaceholderFields, isVideoUrl } from './post-draft';

describe('getPlaceholderFields', () => {
  it('matches brackets to placeholders by id or name, in order, once each', () => {
    const fields = getPlaceholderFields({
      body: 'Hi from [[city]]! I am [[First name]] at [[store]], [[city]] rocks',
      placeholders: [
        { id: 'first', name: 'First name', value: 'Ana' },
        { id: 'city', name: 'Your city', value: 'Lisbon' },
      ],
    });
    expect(fields).toEqual([
      { token: 'city', label: 'Your city', value: 'Lisbon' },
      { token: 'First name', label: 'First name', value: 'Ana' },
      { token: 'store', label: 'store', value: '' },
    ]);
    expect(getInitialValues(fields)).toEqual({ city: 'Lisbon', 'First name': 'Ana', store: '' });
  });
});

describe('checkPostText', () => {
  it('allows text within the channel limit', () => {
    expect(checkPostText('Hello #team', 'twitter')).toEqual({
      count: 11,
      limit: 280,
      isOver: false,
      isEmpty: false,
      unfilled: [],
      canSend: true,
    });
  });

  it('blocks text over the limit, empty text and unfilled placeholders', () => {
    expect(checkPostText('x'.repeat(281), 'twitter')).toMatchObject({ isOver: true, canSend: false });
    expect(checkPostText('x'.repeat(281), 'facebook')).toMatchObject({ limit: 63206, canSend: true });
    expect(checkPostText('   ', 'linkedin')).toMatchObject({ isEmpty: true, canSend: false });
    expect(checkPostText('Hi [[name]]', 'instagram')).toMatchObject({ unfilled: ['name'], canSend: false });
  });

  it('counts emoji as one character each', () => {
    expect(checkPostText('👍🏽👨‍👩‍👧', 'twitter').count).toBe(2);
  });
});

describe('text helpers', () => {
  it('tells videos by extension', () => {
    expect(isVideoUrl('/api/files/0190.mp4')).toBe(true);
    expect(isVideoUrl('https://cdn.example/clip.MOV?sig=1')).toBe(true);
    expect(isVideoUrl('/api/files/0190.webp')).toBe(false);
  });
});

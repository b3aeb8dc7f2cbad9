import { describe, expect, it } from 'vitest';
import { hasVisibleContent, isVideoUrl, readParticipationData } from './participation-data';

describe('readParticipationData', () => {
  it('reads a Brand Content submission', () => {
    const content = readParticipationData({ caption: 'My desk', media_urls: ['/api/files/a.webp', 3, ''] });
    expect(content.caption).toBe('My desk');
    expect(content.mediaUrls).toEqual(['/api/files/a.webp']);
  });

  it('reads answers and quiz scores', () => {
    expect(readParticipationData({ choice: 'Design' }).choice).toBe('Design');
    expect(readParticipationData({ text: '  ' }).text).toBeNull();
    expect(readParticipationData({ answers: [1], correct: 1, total: 2 }).score).toEqual({
      correct: 1,
      total: 2,
    });
    expect(readParticipationData({ correct: 'x', total: 2 }).score).toBeNull();
  });

  it('tolerates empty data', () => {
    expect(readParticipationData({})).toEqual({
      caption: null,
      mediaUrls: [],
      text: null,
      choice: null,
      imageUrl: null,
      score: null,
    });
  });

  it('tells videos from images', () => {
    expect(isVideoUrl('/api/files/x.mp4')).toBe(true);
    expect(isVideoUrl('/api/files/x.MOV?sig=1')).toBe(true);
    expect(isVideoUrl('/api/files/x.webp')).toBe(false);
  });
});

describe('hasVisibleContent', () => {
  it('is false for empty data without a share or reason', () => {
    expect(hasVisibleContent(readParticipationData({}), { share: null, reject_reason: null })).toBe(false);
  });

  it('is true for an answer, media, a share or a reason', () => {
    expect(
      hasVisibleContent(readParticipationData({ choice: 'A' }), { share: null, reject_reason: null }),
    ).toBe(true);
    expect(
      hasVisibleContent(readParticipationData({ media_urls: ['/a.png'] }), {
        share: null,
        reject_reason: null,
      }),
    ).toBe(true);
    expect(
      hasVisibleContent(readParticipationData({}), { share: { channel: 'x' }, reject_reason: null }),
    ).toBe(true);
    expect(hasVisibleContent(readParticipationData({}), { share: null, reject_reason: 'Blurry' })).toBe(true);
  });
});

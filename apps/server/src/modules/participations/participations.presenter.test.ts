import type { AdminParticipation } from '@rally/shared';
import { describe, expect, it } from 'vitest';
import { csvField, toCsv } from './participations.presenter.ts';

describe('csvField', () => {
  it('writes plain values as they are, and nothing for null or undefined', () => {
    expect(csvField('hello world')).toBe('hello world');
    expect(csvField(20)).toBe('20');
    expect(csvField(0)).toBe('0');
    expect(csvField(true)).toBe('true');
    expect(csvField('')).toBe('');
    expect(csvField(null)).toBe('');
    expect(csvField(undefined)).toBe('');
    expect(csvField("it's fine")).toBe("it's fine");
  });

  it('quotes a field with a comma, a quote or a line break, doubling its quotes', () => {
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('"')).toBe('""""');
    expect(csvField('line one\nline two')).toBe('"line one\nline two"');
    expect(csvField('line one\r\nline two')).toBe('"line one\r\nline two"');
  });

  it('defuses what a spreadsheet would run as a formula with a leading quote', () => {
    expect(csvField('=1+1')).toBe("'=1+1");
    expect(csvField('+31 6 1234')).toBe("'+31 6 1234");
    expect(csvField('-2+3')).toBe("'-2+3");
    expect(csvField('@SUM(A1:A9)')).toBe("'@SUM(A1:A9)");
    expect(csvField('\t=1+1')).toBe("'\t=1+1");
    expect(csvField('\r=1+1')).toBe(`"'\r=1+1"`);
    // Defused and quoted together.
    expect(csvField('=HYPERLINK("http://evil.test","Click")')).toBe(
      `"'=HYPERLINK(""http://evil.test"",""Click"")"`,
    );
    // Only a leading sign is dangerous.
    expect(csvField('a=1')).toBe('a=1');
    expect(csvField('me@example.test')).toBe('me@example.test');
  });
});

const base: AdminParticipation = {
  id: '0190a0a0-0000-7000-8000-000000000001',
  status: 'completed',
  activity: { id: 'a1', title: 'Share it', type: 'social_post', points: 3 },
  project: { id: 'p1', name: 'Launch, part 2' },
  user: { id: 'u1', display_name: 'Ann Sales', email: 'ann@example.test', image_url: null },
  data: { share_id: 's1', channel: 'twitter', post_url: 'https://x.test/1' },
  share: { channel: 'twitter', post_url: 'https://x.test/1', clicks: 4 },
  reject_reason: null,
  created_at: '2026-11-01T10:00:00.000Z',
  reviewed_at: null,
};
const HEADER =
  'id,created_at,status,type,project,activity,points,member,email,channel,post_url,clicks,response,reject_reason,reviewed_at';

describe('toCsv', () => {
  it('answers only the header row for no participations', () => {
    expect(toCsv([])).toBe(`${HEADER}\r\n`);
  });

  it('writes one CRLF-terminated row per participation in the header order', () => {
    const rejected: AdminParticipation = {
      ...base,
      id: '0190a0a0-0000-7000-8000-000000000002',
      status: 'rejected',
      activity: { id: 'a2', title: 'Show it', type: 'content_submission', points: 20 },
      user: { id: 'u2', display_name: 'Bob', email: null, image_url: null },
      data: { caption: 'My "best" shot,\nhonestly', media_urls: ['/api/files/x.webp'] },
      share: null,
      reject_reason: '=too dark',
      reviewed_at: '2026-11-02T09:00:00.000Z',
    };
    expect(toCsv([base, rejected])).toBe(
      [
        HEADER,
        '0190a0a0-0000-7000-8000-000000000001,2026-11-01T10:00:00.000Z,completed,social_post,"Launch, part 2",Share it,3,Ann Sales,ann@example.test,twitter,https://x.test/1,4,,,',
        '0190a0a0-0000-7000-8000-000000000002,2026-11-01T10:00:00.000Z,rejected,content_submission,"Launch, part 2",Show it,20,Bob,,,,,"My ""best"" shot,\nhonestly",\'=too dark,2026-11-02T09:00:00.000Z',
        '',
      ].join('\r\n'),
    );
  });

  it('takes the response from the caption, else the text, the choice or the photo', () => {
    const response = (data: Record<string, unknown>) =>
      toCsv([{ ...base, share: null, data }])
        .split('\r\n')[1]!
        .split(',')
        .at(-3);
    expect(response({ caption: 'cap', text: 'txt' })).toBe('cap');
    expect(response({ text: 'txt', choice: 'Blue' })).toBe('txt');
    expect(response({ choice: 'Blue' })).toBe('Blue');
    expect(response({ image_url: '/api/files/a.webp' })).toBe('/api/files/a.webp');
    expect(response({ answers: [1], correct: 1, total: 1 })).toBe('');
  });

  it('defuses a formula a member typed as their response', () => {
    const csv = toCsv([{ ...base, share: null, data: { text: '@cmd|" /C calc"!A0' } }]);
    expect(csv.split('\r\n')[1]).toContain(`"'@cmd|"" /C calc""!A0"`);
  });
});

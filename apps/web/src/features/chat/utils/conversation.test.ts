import { type ChatConversation, ChatConversationSchema, type ChatPerson } from '@rally/shared';
import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { isId } from './client-id';
import { conversationTitle, dayLabel, messagePreview, shortTime } from './conversation';

const person = (id: string, name: string): ChatPerson => ({
  id,
  display_name: name,
  username: null,
  display_username: false,
  first_name: name.split(' ')[0] ?? null,
  last_name: null,
  image_url: null,
});
const me = person('me', 'Ada Lovelace');
// A stand-in for i18next's `t` that shows which key and values each helper asks for.
const t = ((key: string, options?: Record<string, unknown>) =>
  `${key}${options ? JSON.stringify(options) : ''}`) as unknown as TFunction;
const conversation = (overrides: Partial<ChatConversation>): ChatConversation =>
  ChatConversationSchema.parse({
    id: 'c',
    kind: 'direct',
    title: null,
    team_id: null,
    project_id: null,
    members: [me, person('s', 'Sofia Martinez')],
    member_count: 2,
    last_message: null,
    unread: 0,
    muted: false,
    last_read_message_id: null,
    archived_at: null,
    created_at: '2026-01-01T00:00:00.000Z',
    abilities: {
      can_post: true,
      can_rename: false,
      can_add_members: false,
      can_remove_members: false,
      can_leave: false,
    },
    ...overrides,
  });

describe('conversation titles', () => {
  it('names a direct message by the other person, a group by its title or names, the brand line by the client', () => {
    expect(conversationTitle(conversation({}), 'me', t, 'Acme')).toBe('Sofia Martinez');
    const people = ['Bo', 'Cy', 'Di', 'Ed'].map((n) => person(n, n));
    expect(
      conversationTitle(
        conversation({ kind: 'group', members: [me, ...people.slice(0, 2)] }),
        'me',
        t,
        'Acme',
      ),
    ).toBe('Bo, Cy');
    expect(
      conversationTitle(conversation({ kind: 'group', members: [me, ...people] }), 'me', t, 'Acme'),
    ).toBe('chat.title.groupMore{"names":"Bo, Cy, Di","count":1}');
    expect(conversationTitle(conversation({ kind: 'group', title: 'Booth crew' }), 'me', t, 'Acme')).toBe(
      'Booth crew',
    );
    expect(
      conversationTitle(conversation({ kind: 'team', title: 'Marketing', members: [] }), 'me', t, 'Acme'),
    ).toBe('Marketing');
    expect(conversationTitle(conversation({ kind: 'brand', members: [me] }), 'me', t, 'Acme')).toBe(
      'chat.title.brand{"client":"Acme"}',
    );
  });

  it('previews the last message by who wrote it', () => {
    expect(messagePreview(null, { kind: 'direct' }, 'me', t)).toBe('chat.list.noMessages');
  });
});

describe('dates', () => {
  const now = new Date(2026, 2, 12, 15, 0);
  it('shows the time today, the weekday this week, the date before', () => {
    expect(shortTime(new Date(2026, 2, 12, 9, 5).toISOString(), 'en-GB', now)).toMatch(/^0?9:05$/);
    expect(shortTime(new Date(2026, 2, 10, 9, 5).toISOString(), 'en-GB', now)).toBe('Tue');
    expect(shortTime(new Date(2026, 1, 10, 9, 5).toISOString(), 'en-GB', now)).toBe('10 Feb');
  });
  it('labels days Today, Yesterday, or by their date', () => {
    expect(dayLabel(new Date(2026, 2, 12, 1).toISOString(), 'en-GB', t, now)).toBe('chat.day.today');
    expect(dayLabel(new Date(2026, 2, 11, 23).toISOString(), 'en-GB', t, now)).toBe('chat.day.yesterday');
    expect(dayLabel(new Date(2025, 11, 24).toISOString(), 'en-GB', t, now)).toMatch(
      /^Wednesday,? 24 December 2025$/,
    );
    expect(dayLabel(new Date(2026, 2, 2).toISOString(), 'en-GB', t, now)).toMatch(/^Monday,? 2 March$/);
  });
});

describe('message links', () => {
  it('takes only ids from scroll, never a pixel offset', () => {
    expect(isId('480')).toBe(false);
    expect(isId('01900000-0000-7000-8000-000000000001')).toBe(true);
    expect(isId(null)).toBe(false);
  });
});

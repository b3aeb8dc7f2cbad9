import type { Role } from '@rally/shared';
import { describe, expect, it } from 'vitest';
import { type ConversationFacts, getMessageAbilities, type MessageFacts } from './chat.policy.ts';

const AUTHOR = 'author';
const message = (over: Partial<MessageFacts> = {}): MessageFacts => ({
  author_id: AUTHOR,
  parent_id: null,
  status: 'published',
  deleted_at: null,
  ...over,
});
const channel: ConversationFacts = { kind: 'team', archived_at: null };
const viewer = (role: Role, id = 'viewer') => ({ id, role });
const removal = (abilities: ReturnType<typeof getMessageAbilities>) => ({
  can_delete: abilities.can_delete,
  can_remove: abilities.can_remove,
});

describe('message abilities: deleting and removing', () => {
  it('lets an ADMIN in /chat remove others’ messages of any conversation they are in, and delete their own', () => {
    for (const kind of ['team', 'project', 'group', 'direct'] as const) {
      const c: ConversationFacts = { kind, archived_at: null };
      expect(removal(getMessageAbilities(viewer('ADMIN'), message(), c)), kind).toEqual({
        can_delete: false,
        can_remove: true,
      });
    }
    expect(removal(getMessageAbilities(viewer('ADMIN', AUTHOR), message(), channel))).toEqual({
      can_delete: true,
      can_remove: false,
    });
    // Moderation still applies once the channel is archived, but not to a message already gone.
    const archived = { ...channel, archived_at: new Date() };
    expect(getMessageAbilities(viewer('ADMIN'), message(), archived).can_remove).toBe(true);
    expect(
      getMessageAbilities(viewer('ADMIN'), message({ deleted_at: new Date() }), channel).can_remove,
    ).toBe(false);
    expect(getMessageAbilities(viewer('ADMIN'), message({ author_id: null }), channel).can_remove).toBe(true);
  });

  it('gives an ANALYST no removal: like a member, they delete only their own', () => {
    expect(removal(getMessageAbilities(viewer('ANALYST'), message(), channel))).toEqual({
      can_delete: false,
      can_remove: false,
    });
    expect(removal(getMessageAbilities(viewer('ANALYST', AUTHOR), message(), channel))).toEqual({
      can_delete: true,
      can_remove: false,
    });
  });

  it('gives a member no removal: they delete only their own', () => {
    expect(removal(getMessageAbilities(viewer('USER'), message(), channel))).toEqual({
      can_delete: false,
      can_remove: false,
    });
    expect(removal(getMessageAbilities(viewer('USER', AUTHOR), message(), channel))).toEqual({
      can_delete: true,
      can_remove: false,
    });
    expect(
      getMessageAbilities(viewer('USER', AUTHOR), message({ deleted_at: new Date() }), channel),
    ).toMatchObject({ can_delete: false, can_remove: false });
  });

  it('in /admin/chat, lets an ADMIN remove any message of the line (their own replies too) and nobody delete', () => {
    const line: ConversationFacts = { kind: 'brand', archived_at: null };
    expect(removal(getMessageAbilities(viewer('ADMIN'), message(), line, true))).toEqual({
      can_delete: false,
      can_remove: true,
    });
    expect(removal(getMessageAbilities(viewer('ADMIN', AUTHOR), message(), line, true))).toEqual({
      can_delete: false,
      can_remove: true,
    });
    expect(removal(getMessageAbilities(viewer('ANALYST'), message(), line, true))).toEqual({
      can_delete: false,
      can_remove: false,
    });
  });
});

import type { CreateChatConversationRequest } from '@rally/shared';
import type { AppContext } from '../../../context.ts';
import { withTransaction } from '../../../db/transaction.ts';
import { authorize } from '../../../lib/authorize.ts';
import { badRequest, conflict } from '../../../lib/errors.ts';
import { type ChatViewer, mayMessage, mayStartBrandConversation } from '../chat.policy.ts';
import { findConversationByKey, insertConversation, insertMembers } from '../chat.repository.ts';
import { findContacts, getDmPolicy } from '../chat-contacts.repository.ts';

type Input =
  | { kind: 'direct'; user_id: string }
  | { kind: 'group'; user_ids: string[]; title?: string }
  | { kind: 'brand' };

/** Checks that each of `ids` is another member of the client the viewer may message; answers them once each. */
export async function checkOthers(
  ctx: AppContext,
  viewer: ChatViewer,
  ids: readonly string[],
  field: string,
) {
  const others = [...new Set(ids)].filter((id) => id !== viewer.id);
  if (others.length === 0) throw badRequest(`${field} must name another member of this app`);
  const contacts = await findContacts(ctx.db, { clientId: viewer.clientId, withId: viewer.id, ids: others });
  if (contacts.length !== others.length) throw badRequest(`${field} must name members of this app`);
  const policy = await getDmPolicy(ctx.db, { clientId: viewer.clientId });
  for (const contact of contacts) {
    authorize(mayMessage(policy, viewer, { role: contact.role, sharesTeam: contact.shares_team }));
  }
  return others;
}

/**
 * Starts a conversation: the direct one with another member (the existing one when the pair has one), a new group,
 * or the member's own brand-team line (the existing one when there is one). Who may be messaged follows the client's
 * dm_policy. Answers its id and whether it is new.
 */
export async function startConversation(
  ctx: AppContext,
  viewer: ChatViewer,
  input: CreateChatConversationRequest & Input,
): Promise<{ id: string; isNew: boolean }> {
  const clientId = viewer.clientId;
  if (input.kind === 'brand') {
    authorize(mayStartBrandConversation(viewer));
    return getOrCreate(ctx, { clientId, memberId: viewer.id }, async (tx) => {
      const id = await insertConversation(tx, {
        clientId,
        kind: 'brand',
        memberId: viewer.id,
        createdBy: viewer.id,
      });
      if (id) await insertMembers(tx, { clientId, conversationId: id, userIds: [viewer.id] });
      return id;
    });
  }
  if (input.kind === 'direct') {
    const [other] = await checkOthers(ctx, viewer, [input.user_id], 'user_id');
    const directKey = [viewer.id, other!].sort().join(':');
    return getOrCreate(ctx, { clientId, directKey }, async (tx) => {
      const id = await insertConversation(tx, { clientId, kind: 'direct', directKey, createdBy: viewer.id });
      if (id) await insertMembers(tx, { clientId, conversationId: id, userIds: [viewer.id, other!] });
      return id;
    });
  }
  const others = await checkOthers(ctx, viewer, input.user_ids, 'user_ids');
  const id = await withTransaction(ctx.db, async (tx) => {
    const created = await insertConversation(tx, {
      clientId,
      kind: 'group',
      title: input.title || null,
      createdBy: viewer.id,
    });
    await insertMembers(tx, { clientId, conversationId: created!, userIds: [viewer.id, ...others] });
    return created!;
  });
  return { id, isNew: true };
}

/** The conversation with this key, made by `create` when there is none (of two at once, one makes it). */
async function getOrCreate(
  ctx: AppContext,
  key: { clientId: string; directKey?: string; memberId?: string },
  create: Parameters<typeof withTransaction<string | undefined>>[1],
): Promise<{ id: string; isNew: boolean }> {
  const existing = await findConversationByKey(ctx.db, key);
  if (existing) return { id: existing, isNew: false };
  const created = await withTransaction(ctx.db, create);
  if (created) return { id: created, isNew: true };
  const raced = await findConversationByKey(ctx.db, key);
  if (!raced) throw conflict('The conversation could not be started, try again', 'conflict');
  return { id: raced, isNew: false };
}

import { getDisplayName } from '@rally/shared';
import { uuidv7 } from 'uuidv7';
import type { Db } from '../../../db/client.ts';
import { withTransaction } from '../../../db/transaction.ts';
import type { Bus } from '../../../lib/bus.ts';
import { enqueueJob, enqueueJobs, yieldToRequests } from '../../../lib/jobs.ts';
import { publishChatEvent } from '../chat.live.ts';
import { findConversationByKey, insertConversation, insertMembers } from '../chat.repository.ts';
import {
  claimDelivery,
  getBroadcast,
  listNextRecipients,
  markDelivered,
  markFannedOut,
  resolveNewConversation,
} from '../chat-broadcasts.repository.ts';
import { findBrandTeamIds } from '../chat-inbox.repository.ts';
import { insertMessage } from '../chat-messages.repository.ts';
import { afterPublished } from './send-message.ts';

/** Lists a broadcast's next recipients and queues their delivery (then the next step, or the end). */
export const BROADCAST_FANOUT_JOB = 'chat.broadcast.fanout';
/** Delivers a broadcast to a few recipients, each at most once. */
export const BROADCAST_DELIVER_JOB = 'chat.broadcast.deliver';

/** Recipients listed per fan-out step (one transaction). */
export const FANOUT_CHUNK = 200;
/** Recipients per delivery job (one short transaction each, see deliverBroadcast). */
export const DELIVER_CHUNK = 20;

/**
 * One step of a broadcast's fan-out, in its job's transaction (a retry lists and enqueues nothing twice): the next
 * recipients by id become deliveries and delivery jobs, then the next step follows, or the listing ends.
 */
export async function fanoutStep(
  tx: Db,
  p: { clientId: string; broadcastId: string; after: string | null },
): Promise<void> {
  const ids = await listNextRecipients(tx, { ...p, limit: FANOUT_CHUNK });
  const jobs = [];
  for (let i = 0; i < ids.length; i += DELIVER_CHUNK) {
    const userIds = ids.slice(i, i + DELIVER_CHUNK);
    jobs.push({
      kind: BROADCAST_DELIVER_JOB,
      payload: { clientId: p.clientId, broadcastId: p.broadcastId, userIds },
    });
  }
  await enqueueJobs(tx, jobs);
  if (ids.length === FANOUT_CHUNK) {
    await enqueueJob(tx, BROADCAST_FANOUT_JOB, { ...p, after: ids[ids.length - 1]! });
  } else {
    await markFannedOut(tx, p);
  }
}

/**
 * Delivers a broadcast to recipients, each in a short transaction of its own with the database left to waiting
 * requests between them (on the embedded database a transaction holds the one connection; a job's recipients in one
 * would keep every other client waiting): each one not delivered yet gets the message in their brand-team
 * conversation (made when missing, resolved as nothing waits in it), as if the admin wrote it there (the conversation
 * moves, the brand team's pointer passes it, a push follows the member's settings), and is told live once it is
 * committed. A recipient's delivery is claimed in its transaction, so a job run again delivers each at most once.
 */
export async function deliverBroadcast(
  db: Db,
  bus: Bus,
  p: { clientId: string; broadcastId: string; userIds: string[] },
): Promise<void> {
  const { clientId, broadcastId } = p;
  const broadcast = await getBroadcast(db, { clientId, id: broadcastId });
  // A broadcast whose author's account is gone is not delivered further (a message needs its writer).
  if (!broadcast?.author_id || !broadcast.author) return;
  const author = { id: broadcast.author_id, name: getDisplayName(broadcast.author) };
  for (const userId of p.userIds) {
    const live = await withTransaction(db, (tx) =>
      deliverTo(tx, { clientId, broadcastId, body: broadcast.body, author, userId }),
    );
    if (live) {
      await publishChatEvent(bus, {
        clientId,
        userIds: live.userIds,
        event: 'chat.message',
        data: live.data,
      });
    }
    await yieldToRequests();
  }
}

/** Delivers the broadcast to one recipient unless it already was; answers the live event to send after the commit. */
async function deliverTo(
  tx: Db,
  d: {
    clientId: string;
    broadcastId: string;
    body: string;
    author: { id: string; name: string };
    userId: string;
  },
): Promise<{ userIds: string[]; data: Record<string, string | null> } | null> {
  const { clientId, broadcastId, author, userId } = d;
  if (!(await claimDelivery(tx, { clientId, broadcastId, userId }))) return null;
  const conversationId = await brandConversation(tx, { clientId, memberId: userId, createdBy: author.id });
  const messageId = await insertMessage(tx, {
    clientId,
    conversationId,
    parentId: null,
    authorId: author.id,
    clientMessageId: uuidv7(),
    body: d.body,
    mentions: [],
    attachments: [],
    link: null,
    quoteId: null,
    status: 'published',
  });
  if (!messageId) throw new Error(`broadcast ${broadcastId}: message for ${userId} not stored`);
  const target = {
    id: conversationId,
    kind: 'brand' as const,
    title: null,
    member_id: userId,
    assignee_id: null,
  };
  await afterPublished(tx, {
    clientId,
    target,
    message: { id: messageId, parent_id: null, body: d.body, attachments: 0 },
    author,
    mentions: [],
    asBrandTeam: true,
  });
  await markDelivered(tx, { clientId, broadcastId, userId, conversationId, messageId });
  const team = await findBrandTeamIds(tx, { clientId, memberId: userId });
  return {
    userIds: [userId, ...team],
    data: { conversation_id: conversationId, message_id: messageId, parent_id: null },
  };
}

/** The member's brand-team conversation; a new one (resolved, the member in it) when they have none. */
async function brandConversation(
  tx: Db,
  input: { clientId: string; memberId: string; createdBy: string },
): Promise<string> {
  const { clientId, memberId } = input;
  const existing = await findConversationByKey(tx, { clientId, memberId });
  if (existing) return existing;
  const id = await insertConversation(tx, { clientId, kind: 'brand', memberId, createdBy: input.createdBy });
  if (!id) throw new Error(`brand-team conversation of ${memberId} could not be made`);
  await insertMembers(tx, { clientId, conversationId: id, userIds: [memberId] });
  await resolveNewConversation(tx, { clientId, conversationId: id });
  return id;
}

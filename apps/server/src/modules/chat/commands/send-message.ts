import type { AppContext } from '../../../context.ts';
import type { Db } from '../../../db/client.ts';
import type { StoredChatAttachment } from '../../../db/schema/index.ts';
import { withTransaction } from '../../../db/transaction.ts';
import { badRequest, conflict } from '../../../lib/errors.ts';
import { fetchLinkPreview } from '../../posts/link-preview.ts';
import { queueIfFlagged, screenMemberText } from '../../safety/safety.ts';
import { findClientUpload } from '../../uploads/uploads.service.ts';
import { type NoticeConversation, notifyNewMessage, tellLive } from '../chat.notices.ts';
import type { ChatViewer } from '../chat.policy.ts';
import { advanceReadPointer, advanceStaffReadPointer, touchConversation } from '../chat.repository.ts';
import {
  bumpReplies,
  findMentionableIds,
  findSentMessage,
  followThread,
  getVisibleMessage,
  insertMessage,
} from '../chat-messages.repository.ts';

/** The conversation a message is written in, as sending needs it. */
export interface SendTarget extends NoticeConversation {
  archived_at: Date | string | null;
}

export interface SendInput {
  client_message_id: string;
  body: string;
  mentions: string[];
  attachments: string[];
  parent_id?: string;
  quote_id?: string;
}

/** Upload types a message may carry: chat attachments, and pictures uploaded for a post. */
const ATTACHMENT_TYPES = new Set(['chat', 'post']);

/** Checks that every attachment is a file the writer uploaded to this client; answers them as stored. */
async function checkAttachments(ctx: AppContext, writer: ChatViewer, urls: readonly string[]) {
  const out: StoredChatAttachment[] = [];
  for (const url of new Set(urls)) {
    const upload = await findClientUpload(ctx, writer.clientId, url);
    if (!upload || upload.userId !== writer.id || !ATTACHMENT_TYPES.has(upload.type)) {
      throw badRequest('attachments must be files you uploaded (POST /api/upload type chat)');
    }
    out.push({ url, content_type: upload.contentType, size: upload.size });
  }
  return out;
}

/** The thread's first message and the quoted message, checked to be of this conversation. */
async function checkReferences(ctx: AppContext, writer: ChatViewer, target: SendTarget, input: SendInput) {
  const lookup = (messageId: string) =>
    getVisibleMessage(ctx.db, { clientId: writer.clientId, viewerId: writer.id, messageId });
  if (input.parent_id) {
    const parent = await lookup(input.parent_id);
    if (!parent || parent.conversation_id !== target.id)
      throw badRequest('parent_id must be a message of this conversation');
    if (parent.parent_id !== null)
      throw badRequest('parent_id must be a message of this conversation, not a reply in a thread');
    if (parent.status !== 'published') throw badRequest('parent_id must be a published message');
  }
  if (input.quote_id) {
    const quoted = await lookup(input.quote_id);
    if (!quoted || quoted.conversation_id !== target.id)
      throw badRequest('quote_id must be a message of this conversation');
  }
}

/**
 * Writes a message (a member in their conversation, or the brand team in a member's brand-team line). A send the
 * author already made with this `client_message_id` is answered with the stored message and writes nothing. The text
 * is screened like every member text (400 naming a blocked phrase; flagged text is published and queued or held as
 * the client chose); mentions count only for people of the conversation; the first link's preview is fetched before
 * the transaction. A published message moves the conversation (and reopens a member's resolved brand-team line), counts
 * on its thread, makes the author follow the thread, and queues pushes; everyone of the conversation hears of it live.
 */
export async function sendMessage(
  ctx: AppContext,
  writer: ChatViewer,
  target: SendTarget,
  input: SendInput,
  opts: { asBrandTeam?: boolean } = {},
): Promise<{ id: string; isReplay: boolean }> {
  const clientId = writer.clientId;
  const key = { clientId, authorId: writer.id, clientMessageId: input.client_message_id };
  const sent = await findSentMessage(ctx.db, key);
  if (sent) return replay(sent, target.id);
  if (target.archived_at !== null) throw conflict('This channel is closed for new messages', 'archived');
  await checkReferences(ctx, writer, target, input);
  const attachments = await checkAttachments(ctx, writer, input.attachments);
  const verdict = input.body ? await screenMemberText(ctx.db, clientId, 'Message', input.body) : null;
  const isHeld = (verdict?.flagged.length ?? 0) > 0 && verdict?.hold === true;
  const mentions = await findMentionableIds(ctx.db, {
    clientId,
    conversationId: target.id,
    ids: input.mentions,
  });
  // Fetched before the transaction: a slow site must not hold a database connection (or PGlite's only one).
  const link = await fetchLinkPreview(input.body);
  const parentId = input.parent_id ?? null;
  const id = await withTransaction(ctx.db, async (tx) => {
    const created = await insertMessage(tx, {
      clientId,
      conversationId: target.id,
      parentId,
      authorId: writer.id,
      clientMessageId: input.client_message_id,
      body: input.body,
      mentions,
      attachments,
      link,
      quoteId: input.quote_id ?? null,
      status: isHeld ? 'held' : 'published',
    });
    if (!created) return undefined;
    if (verdict) {
      await queueIfFlagged(tx, verdict, {
        clientId,
        targetKind: 'chat',
        targetId: created,
        authorId: writer.id,
        text: input.body,
      });
    }
    if (isHeld) return created;
    await afterPublished(tx, {
      clientId,
      target,
      message: { id: created, parent_id: parentId, body: input.body, attachments: attachments.length },
      author: writer,
      mentions,
      asBrandTeam: opts.asBrandTeam === true,
    });
    return created;
  });
  // Of two sends at once with the same id, the second finds the first's row.
  if (!id) return replay((await findSentMessage(ctx.db, key))!, target.id);
  const data = { conversation_id: target.id, message_id: id, parent_id: parentId };
  await tellLive(ctx, {
    clientId,
    conversation: target,
    event: 'chat.message',
    data,
    ...(isHeld ? { only: [writer.id] } : {}),
  });
  return { id, isReplay: false };
}

function replay(sent: { id: string; conversation_id: string }, conversationId: string) {
  if (sent.conversation_id !== conversationId)
    throw conflict('client_message_id was already used for another message', 'client_message_id_used');
  return { id: sent.id, isReplay: true };
}

/**
 * What follows a message that is published (now, or when a moderator approves it): the conversation moves, the
 * thread counts it, the author reads up to it and follows the thread (with its starter and the mentioned), pushes.
 */
export async function afterPublished(
  tx: Db,
  input: {
    clientId: string;
    target: NoticeConversation;
    message: { id: string; parent_id: string | null; body: string; attachments: number };
    author: { id: string; name: string };
    mentions: readonly string[];
    asBrandTeam: boolean;
  },
): Promise<void> {
  const { clientId, target, message, author, mentions } = input;
  const conversationId = target.id;
  const isMembersLine = target.kind === 'brand' && target.member_id === author.id;
  await touchConversation(tx, {
    clientId,
    conversationId,
    messageId: message.id,
    isTopLevel: message.parent_id === null,
    reopen: isMembersLine,
  });
  if (message.parent_id) {
    await bumpReplies(tx, { clientId, parentId: message.parent_id });
    await followThread(tx, {
      clientId,
      rootId: message.parent_id,
      conversationId,
      userId: author.id,
      readUpTo: message.id,
    });
    const starter = await getVisibleMessage(tx, {
      clientId,
      viewerId: author.id,
      messageId: message.parent_id,
    });
    const followers = [starter?.author_id, ...mentions].filter(
      (id): id is string => !!id && id !== author.id,
    );
    for (const userId of new Set(followers)) {
      await followThread(tx, { clientId, rootId: message.parent_id, conversationId, userId });
    }
  } else if (input.asBrandTeam) {
    await advanceStaffReadPointer(tx, { clientId, conversationId, messageId: message.id });
  } else {
    await advanceReadPointer(tx, { clientId, conversationId, userId: author.id, messageId: message.id });
  }
  await notifyNewMessage(tx, { clientId, conversation: target, message, author, mentions });
}

import type { AppContext } from '../../../context.ts';
import { withTransaction } from '../../../db/transaction.ts';
import { badRequest, conflict } from '../../../lib/errors.ts';
import { fetchLinkPreview, findFirstUrl } from '../../posts/link-preview.ts';
import { queueIfFlagged, screenMemberText } from '../../safety/safety.ts';
import { type NoticeConversation, notifyNewMentions, tellLive } from '../chat.notices.ts';
import type { ChatViewer } from '../chat.policy.ts';
import {
  findMentionableIds,
  followThread,
  type MessageRow,
  updateMessageText,
} from '../chat-messages.repository.ts';

/**
 * The author changes a message's text: screened again (flagged text the client holds hides it until review), the
 * link preview follows the first link, mentions count only for people of the conversation, and the members it newly
 * mentions get a push (not those already mentioned). Everyone of the conversation hears of it live.
 */
export async function editMessage(
  ctx: AppContext,
  writer: ChatViewer,
  conversation: NoticeConversation,
  message: MessageRow,
  input: { body: string; mentions?: string[] },
): Promise<void> {
  // A held message is under review as it was flagged: changing it now would publish text nobody reviewed.
  if (message.status === 'held') {
    throw conflict(
      'This message is waiting for review and cannot be changed until a moderator has decided',
      'held',
    );
  }
  if (!input.body && message.attachments.length === 0)
    throw badRequest('body cannot be empty: write something or keep a file');
  const clientId = writer.clientId;
  const verdict = input.body ? await screenMemberText(ctx.db, clientId, 'Message', input.body) : null;
  const isHeld = (verdict?.flagged.length ?? 0) > 0 && verdict?.hold === true;
  const mentions = input.mentions
    ? await findMentionableIds(ctx.db, { clientId, conversationId: conversation.id, ids: input.mentions })
    : (message.mention_people ?? []).map((p) => p.id);
  const isSameLink = findFirstUrl(input.body) === findFirstUrl(message.body);
  const link = isSameLink ? undefined : await fetchLinkPreview(input.body);
  const before = new Set((message.mention_people ?? []).map((p) => p.id));
  const added = isHeld ? [] : mentions.filter((id) => !before.has(id) && id !== writer.id);
  await withTransaction(ctx.db, async (tx) => {
    await updateMessageText(tx, {
      clientId,
      id: message.id,
      body: input.body,
      mentions,
      status: isHeld ? 'held' : 'published',
      link,
    });
    if (verdict) {
      await queueIfFlagged(tx, verdict, {
        clientId,
        targetKind: 'chat',
        targetId: message.id,
        authorId: writer.id,
        text: input.body,
      });
    }
    if (added.length === 0) return;
    if (message.parent_id) {
      for (const userId of added) {
        await followThread(tx, {
          clientId,
          rootId: message.parent_id,
          conversationId: conversation.id,
          userId,
        });
      }
    }
    await notifyNewMentions(tx, {
      clientId,
      message: { id: message.id, parent_id: message.parent_id, body: input.body },
      author: writer,
      userIds: added,
    });
  });
  await tellLive(ctx, {
    clientId,
    conversation,
    event: 'chat.message.updated',
    data: { conversation_id: conversation.id, message_id: message.id, parent_id: message.parent_id },
  });
}

import { getDisplayName } from '@rally/shared';
import type { Db } from '../../../db/client.ts';
import { getAuthor } from '../../posts/posts.repository.ts';
import type { HeldContentDecision } from '../../safety/safety.hooks.ts';
import { getConversation } from '../chat.repository.ts';
import { markMessageDeleted, publishHeldMessage } from '../chat-messages.repository.ts';
import { afterPublished } from './send-message.ts';

/**
 * Applies a moderator's decision to a chat message in the moderation transaction (registered with safety): approve
 * publishes a held message (the conversation moves and its people get the push they would have had); remove
 * deletes it ("message deleted"), whether it was held, or published and reported. Members see the change when their
 * app next reads the conversation (no live event: this runs inside safety's transaction).
 */
export async function moderateMessage(tx: Db, decision: HeldContentDecision): Promise<void> {
  const { clientId, id } = decision;
  if (decision.decision === 'remove') {
    await markMessageDeleted(tx, { clientId, id, deletedBy: decision.moderatorId });
    return;
  }
  const published = await publishHeldMessage(tx, { clientId, id });
  if (!published?.author_id) return;
  const conversation = await getConversation(tx, { clientId, conversationId: published.conversation_id });
  const author = await getAuthor(tx, { clientId, userId: published.author_id });
  if (!conversation || !author) return;
  const name = getDisplayName({
    username: author.username,
    display_username: author.displayUsername,
    first_name: author.firstName,
    last_name: author.lastName,
    email: author.email,
  });
  await afterPublished(tx, {
    clientId,
    target: conversation,
    message: {
      id,
      parent_id: published.parent_id,
      body: published.body,
      attachments: published.attachment_count,
    },
    author: { id: author.id, name },
    mentions: published.mentions,
    asBrandTeam: conversation.kind === 'brand' && conversation.member_id !== author.id,
  });
}

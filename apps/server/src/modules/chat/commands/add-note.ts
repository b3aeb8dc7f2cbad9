import type { AppContext } from '../../../context.ts';
import { notFound } from '../../../lib/errors.ts';
import { type NoticeConversation, tellLive } from '../chat.notices.ts';
import { findBrandTeamIds, insertNote } from '../chat-inbox.repository.ts';

/** A colleague's internal note on a member's brand-team conversation: only the brand team hears of it, never the member. */
export async function addNote(
  ctx: AppContext,
  input: { clientId: string; authorId: string; conversation: NoticeConversation; body: string },
): Promise<string> {
  const { clientId, conversation } = input;
  const id = await insertNote(ctx.db, {
    clientId,
    conversationId: conversation.id,
    authorId: input.authorId,
    body: input.body,
  });
  if (!id) throw notFound('Conversation not found');
  const team = await findBrandTeamIds(ctx.db, { clientId, memberId: conversation.member_id });
  await tellLive(ctx, {
    clientId,
    conversation,
    event: 'chat.note',
    data: { conversation_id: conversation.id, note_id: id },
    // The member is never told, whatever the brand team's list holds.
    only: team.filter((userId) => userId !== conversation.member_id),
  });
  return id;
}

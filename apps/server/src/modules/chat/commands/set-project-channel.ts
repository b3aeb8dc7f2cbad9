import type { AppContext } from '../../../context.ts';
import { withTransaction } from '../../../db/transaction.ts';
import { notFound } from '../../../lib/errors.ts';
import { insertConversation } from '../chat.repository.ts';
import {
  getProjectChannel,
  setProjectChannelArchived,
  syncProjectChannelMembers,
} from '../chat-inbox.repository.ts';

/**
 * Turns a project's channel on (made on first use, with the project's joined members; later joins and leaves follow
 * through triggers) or off (archived: kept for reading, closed for writing, gone from the lists). Answers its state.
 */
export async function setProjectChannel(
  ctx: AppContext,
  input: { clientId: string; projectId: string; isOn: boolean; by: string },
): Promise<{ project_id: string; conversation_id: string | null; enabled: boolean }> {
  const { clientId, projectId } = input;
  const channel = await getProjectChannel(ctx.db, { clientId, projectId });
  if (!channel) throw notFound('$t(words.project) not found');
  if (!input.isOn) {
    if (channel.conversation_id) {
      await setProjectChannelArchived(ctx.db, {
        clientId,
        conversationId: channel.conversation_id,
        archived: true,
      });
    }
    return { project_id: projectId, conversation_id: channel.conversation_id, enabled: false };
  }
  const conversationId = await withTransaction(ctx.db, async (tx) => {
    const id =
      channel.conversation_id ??
      (await insertConversation(tx, { clientId, kind: 'project', projectId, createdBy: input.by }));
    // Of two at once, the second finds none made and none inserted: the first one's channel stands.
    if (!id) return undefined;
    await setProjectChannelArchived(tx, { clientId, conversationId: id, archived: false });
    await syncProjectChannelMembers(tx, { clientId, conversationId: id, projectId });
    return id;
  });
  const state = await getProjectChannel(ctx.db, { clientId, projectId });
  return {
    project_id: projectId,
    conversation_id: conversationId ?? state?.conversation_id ?? null,
    enabled: state?.archived_at === null && state.conversation_id !== null,
  };
}

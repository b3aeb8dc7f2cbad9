import type { ChatEvent, ChatKind, NotificationMessageKey } from '@rally/shared';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { notify } from '../notifications/notify.ts';
import { excerpt } from '../posts/feed-notices.ts';
import { publishChatEvent } from './chat.live.ts';
import { findConversationMemberIds, findTeamConversationId } from './chat.repository.ts';
import { findBrandTeamIds } from './chat-inbox.repository.ts';
import { findPushRecipients } from './chat-messages.repository.ts';

/** What chat tells people: live events to a conversation's audience, and pushes for new messages. */

/** A conversation as its notices need it. */
export interface NoticeConversation {
  id: string;
  kind: ChatKind;
  title: string | null;
  member_id: string | null;
  assignee_id: string | null;
}

/** Path of a message inside the app (SPEC 2: /chat with thread and scroll); it ends with the message id. */
export function messageLink(message: { id: string; parent_id: string | null }, forBrandTeam = false): string {
  const base = forBrandTeam ? '/admin/chat' : '/chat';
  return message.parent_id
    ? `${base}?thread=${message.parent_id}&scroll=${message.id}`
    : `${base}?scroll=${message.id}`;
}

/**
 * Everyone who hears live of a conversation: its members, and for a brand-team conversation the brand team who may
 * see it (never internal notes: those go to the brand team alone).
 */
export async function audienceOf(
  ctx: AppContext,
  clientId: string,
  conversation: Pick<NoticeConversation, 'id' | 'kind' | 'member_id'>,
): Promise<string[]> {
  const members = await findConversationMemberIds(ctx.db, { clientId, conversationId: conversation.id });
  if (conversation.kind !== 'brand') return members;
  const team = await findBrandTeamIds(ctx.db, { clientId, memberId: conversation.member_id });
  return [...members, ...team];
}

/**
 * Publishes a chat event to a conversation's audience (or to `only` these people), after the change is committed.
 * A lost event must not fail the change: the app catches up by cursor.
 */
export async function tellLive(
  ctx: AppContext,
  input: {
    clientId: string;
    conversation: Pick<NoticeConversation, 'id' | 'kind' | 'member_id'>;
    event: ChatEvent;
    data: Record<string, string | null>;
    only?: readonly string[];
  },
): Promise<void> {
  try {
    const userIds = input.only ?? (await audienceOf(ctx, input.clientId, input.conversation));
    await publishChatEvent(ctx.bus, {
      clientId: input.clientId,
      userIds,
      event: input.event,
      data: input.data,
    });
  } catch {
    // At-most-once by design (NOTES: Redis pub/sub): the app refetches by cursor on its next sync.
  }
}

/**
 * Tells people who joined or left a team that its channel came into or went out of their conversation list (the
 * database follows team_members; this is only the live nudge, at most once like every chat event).
 */
export async function tellTeamChannelChange(
  ctx: AppContext,
  input: { clientId: string; teamId: string; userIds: readonly string[] },
): Promise<void> {
  try {
    const conversationId = await findTeamConversationId(ctx.db, input);
    if (!conversationId) return;
    await publishChatEvent(ctx.bus, {
      clientId: input.clientId,
      userIds: input.userIds,
      event: 'chat.conversation',
      data: { conversation_id: conversationId },
    });
  } catch {
    // The list shows the channel on its next refresh.
  }
}

/** A push's English title and its catalog key (modules/notifications/notification-texts.ts). */
function titleOf(
  author: string,
  conversation: NoticeConversation,
  input: { isReply: boolean; isMention: boolean; toBrandTeam: boolean },
): { title: string; key: NotificationMessageKey } {
  if (input.isMention) return { title: `${author} mentioned you in chat`, key: 'chat_mention' };
  if (input.toBrandTeam) return { title: `${author} wrote to the brand team`, key: 'chat_to_brand_team' };
  if (input.isReply) return { title: `${author} replied in a thread`, key: 'chat_thread_reply' };
  switch (conversation.kind) {
    case 'direct':
      return { title: `${author} sent you a message`, key: 'chat_direct' };
    case 'brand':
      return { title: `${author} of the brand team replied`, key: 'chat_brand_reply' };
    default:
      return conversation.title
        ? { title: `${author} in ${conversation.title}`, key: 'chat_in_conversation' }
        : { title: `${author} wrote in your group`, key: 'chat_group' };
  }
}

/**
 * Queues pushes (notification kind chat_message, which members may turn off) for a new published message, in the
 * transaction that published it: to members who have not muted the conversation, had nothing unread there before
 * (a burst pushes once) or are mentioned; and to the colleague a member's brand-team conversation is assigned to.
 */
export async function notifyNewMessage(
  tx: Db,
  input: {
    clientId: string;
    conversation: NoticeConversation;
    message: { id: string; parent_id: string | null; body: string; attachments: number };
    author: { id: string; name: string };
    mentions: readonly string[];
  },
): Promise<void> {
  const { clientId, conversation, message, author, mentions } = input;
  const recipients = await findPushRecipients(tx, {
    clientId,
    conversationId: conversation.id,
    messageId: message.id,
    parentId: message.parent_id,
    authorId: author.id,
    mentions,
  });
  const text = excerpt(message.body);
  const isFileOnly = !text && message.attachments > 0;
  const body = text || (isFileOnly ? 'Sent a file' : null);
  const isReply = message.parent_id !== null;
  const params = { actor: author.name, ...(conversation.title && { conversation: conversation.title }) };
  const send = async (users: string[], opts: { isMention: boolean; toBrandTeam: boolean }) => {
    if (users.length === 0) return;
    const { title, key } = titleOf(author.name, conversation, { ...opts, isReply });
    await notify(tx, {
      clientId,
      kind: 'chat_message',
      to: { users },
      actorId: author.id,
      title,
      body,
      message: { key, ...(isFileOnly && { body_key: 'chat_file' as const }), params },
      link: messageLink(message, opts.toBrandTeam),
    });
  };
  const mentioned = new Set(mentions);
  await send(
    recipients.filter((id) => mentioned.has(id)),
    { isMention: true, toBrandTeam: false },
  );
  await send(
    recipients.filter((id) => !mentioned.has(id)),
    { isMention: false, toBrandTeam: false },
  );
  const isMembersLine = conversation.kind === 'brand' && conversation.member_id === author.id;
  if (isMembersLine && conversation.assignee_id && conversation.assignee_id !== author.id) {
    await send([conversation.assignee_id], { isMention: false, toBrandTeam: true });
  }
}

/**
 * Queues pushes to members an edit newly mentions (those the message already named were told when it was sent or
 * last edited), in the transaction of the edit.
 */
export async function notifyNewMentions(
  tx: Db,
  input: {
    clientId: string;
    message: { id: string; parent_id: string | null; body: string };
    author: { id: string; name: string };
    userIds: readonly string[];
  },
): Promise<void> {
  const users = input.userIds.filter((id) => id !== input.author.id);
  if (users.length === 0) return;
  await notify(tx, {
    clientId: input.clientId,
    kind: 'chat_message',
    to: { users },
    actorId: input.author.id,
    title: `${input.author.name} mentioned you in chat`,
    body: excerpt(input.message.body),
    message: { key: 'chat_mention', params: { actor: input.author.name } },
    link: messageLink(input.message),
  });
}

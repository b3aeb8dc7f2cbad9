import type { ChatEvent, ChatKind } from '@rally/shared';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { notify } from '../notifications/notify.ts';
import { excerpt } from '../posts/feed-notices.ts';
import { publishChatEvent } from './chat.live.ts';
import { findConversationMemberIds } from './chat.repository.ts';
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

function titleOf(
  author: string,
  conversation: NoticeConversation,
  input: { isReply: boolean; isMention: boolean; toBrandTeam: boolean },
): string {
  if (input.isMention) return `${author} mentioned you in chat`;
  if (input.toBrandTeam) return `${author} wrote to the brand team`;
  if (input.isReply) return `${author} replied in a thread`;
  switch (conversation.kind) {
    case 'direct':
      return `${author} sent you a message`;
    case 'brand':
      return `${author} of the brand team replied`;
    default:
      return conversation.title ? `${author} in ${conversation.title}` : `${author} wrote in your group`;
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
  const body = excerpt(message.body) || (message.attachments > 0 ? 'Sent a file' : null);
  const isReply = message.parent_id !== null;
  const send = async (users: string[], opts: { isMention: boolean; toBrandTeam: boolean }) => {
    if (users.length === 0) return;
    await notify(tx, {
      clientId,
      kind: 'chat_message',
      to: { users },
      actorId: author.id,
      title: titleOf(author.name, conversation, { ...opts, isReply }),
      body,
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

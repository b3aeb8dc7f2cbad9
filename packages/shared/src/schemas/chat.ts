import { z } from 'zod';
import { IdSchema, ListQuerySchema } from './common.ts';
import { FeedPersonSchema, LinkPreviewSchema, MENTIONS_MAX, MentionSchema } from './posts.ts';

/**
 * Zod schemas of the chat API (issue 12): /api/chat/… for members, /api/admin/chat/… for the brand team (ADMIN and
 * ANALYST). Lists follow SPEC 7 (limit, cursor = id of the last item, a negative limit with a cursor = newer items).
 */

/** Longest text of one message. */
export const CHAT_MESSAGE_MAX_LENGTH = 4_000;
/** Most files one message carries (URLs answered by POST /api/upload, type chat or post). */
export const CHAT_ATTACHMENTS_MAX = 4;
/** Most people in a group conversation, its starter included. */
export const CHAT_GROUP_MAX_MEMBERS = 12;
/** Longest title of a group conversation or a canned reply. */
export const CHAT_TITLE_MAX_LENGTH = 80;
/** Longest internal note or canned reply text. */
export const CHAT_NOTE_MAX_LENGTH = 2_000;
/** Longest reason given with a report. */
export const CHAT_REPORT_REASON_MAX_LENGTH = 500;
/** Longest search text. */
export const CHAT_SEARCH_MAX_LENGTH = 100;
/** A typing indicator is passed on at most this often per member and conversation; it lasts this long in the UI. */
export const CHAT_TYPING_INTERVAL_MS = 3_000;
/** Unread messages are counted up to this many per conversation or thread (the badge shows 99+ anyway). */
export const CHAT_UNREAD_COUNT_CAP = 100;

/**
 * The reactions a message can get: a fixed set, so that a message never carries an unbounded list. A member may
 * give several of them to one message, each once.
 */
export const CHAT_REACTIONS = ['👍', '❤️', '😂', '🎉', '😮', '😢', '🙏', '👀'] as const;
export type ChatReactionEmoji = (typeof CHAT_REACTIONS)[number];

/**
 * Kinds of conversation: a direct message between two members; a small group a member started; one channel per team
 * (its members, kept in step with the team); one per project that has one (its joined members); and each member's
 * private line to the brand team (the client's admins and leads, who answer it from /admin/chat).
 */
export const CHAT_KINDS = ['direct', 'group', 'team', 'project', 'brand'] as const;
export type ChatKind = (typeof CHAT_KINDS)[number];

/** Who a member may start a direct message or group with (a client setting; admins and leads always may). */
export const CHAT_DM_POLICIES = ['anyone', 'teammates', 'brand_team'] as const;
export type ChatDmPolicy = (typeof CHAT_DM_POLICIES)[number];

/**
 * Events of the live stream (GET /api/notifications/stream) about chat. Each carries ids only (the app refetches
 * by cursor, so a lost event only delays what it tells):
 * - `chat.message` `{conversation_id, message_id, parent_id}`: a new message (or a held one published).
 * - `chat.message.updated` `{conversation_id, message_id, parent_id}`: edited, deleted, or its reply count moved.
 * - `chat.reaction` `{conversation_id, message_id, parent_id}`: its reactions changed.
 * - `chat.read` `{conversation_id, user_id, message_id, parent_id}`: a read pointer moved (to the reader's other
 *   devices always; to the other members of direct, group and brand conversations).
 * - `chat.typing` `{conversation_id, user_id, parent_id}`: someone is typing (for CHAT_TYPING_INTERVAL_MS).
 * - `chat.conversation` `{conversation_id}`: the conversation itself changed (title, members, assignment, status).
 * - `chat.note` `{conversation_id, note_id}`: a new internal note (brand team only).
 */
export const CHAT_EVENTS = [
  'chat.message',
  'chat.message.updated',
  'chat.reaction',
  'chat.read',
  'chat.typing',
  'chat.conversation',
  'chat.note',
] as const;
export type ChatEvent = (typeof CHAT_EVENTS)[number];

// ---- Unread (SPEC 3) ----

/**
 * GET /api/chat/seen (SPEC 3, polled every 60 s): unread messages of others in the member's conversations (muted ones
 * left out) and in the threads they follow; `first` is the oldest unread message (open `/chat?thread={parent_id}&
 * scroll={id}`), `threads` the thread (root message) ids with unread replies, the one with the oldest unread first.
 * For ADMIN and ANALYST it also counts the members' messages waiting in their brand-team inbox (open, unassigned or
 * theirs, within their teams).
 */
export const ChatSeenResponseSchema = z.object({
  unread: z.number().int(),
  first: z.object({ id: z.string(), parent_id: z.string().nullable() }).nullable(),
  threads: z.array(z.string()),
});
export type ChatSeen = z.infer<typeof ChatSeenResponseSchema>;

// ---- Messages ----

/** A person of chat: as the feed shows authors (display name by SPEC 6, no email). */
export const ChatPersonSchema = FeedPersonSchema;
export type ChatPerson = z.infer<typeof ChatPersonSchema>;

/**
 * A file of a message: an upload of this client (POST /api/upload type chat: an image, a video or a PDF document;
 * or type post: an image or a video). `content_type` is what the bytes were found to be, `size` in bytes.
 */
export const ChatAttachmentSchema = z.object({
  url: z.string(),
  content_type: z.string(),
  size: z.number().int(),
});
export type ChatAttachment = z.infer<typeof ChatAttachmentSchema>;

/** One reaction of a message: how many gave it, and whether the viewer did. */
export const ChatReactionSchema = z.object({
  emoji: z.enum(CHAT_REACTIONS),
  count: z.number().int(),
  mine: z.boolean(),
});

/** The message a message quotes: its author and the start of its text (empty once deleted). */
export const ChatQuoteSchema = z.object({
  id: z.string(),
  author: ChatPersonSchema.nullable(),
  body: z.string(),
  deleted: z.boolean(),
});

/** What the viewer may do with a message (the server decides; the UI mirrors it). */
export const ChatMessageAbilitiesSchema = z.object({
  can_edit: z.boolean(),
  /** The author deletes their own message (DELETE /api/chat/messages/{id}). */
  can_delete: z.boolean(),
  /** An admin removes it as moderation (DELETE /api/admin/chat/messages/{id}, with an audit row). */
  can_remove: z.boolean(),
  /** Start or join the thread under it (top-level messages only). */
  can_reply: z.boolean(),
  can_react: z.boolean(),
  can_report: z.boolean(),
});

/** A message as the viewer sees it; its element in the UI carries `id`, so links can scroll to it. */
export const ChatMessageSchema = z.object({
  id: z.string(),
  conversation_id: z.string(),
  /** The thread's first message when this is a reply in a thread; null for a message of the conversation. */
  parent_id: z.string().nullable(),
  /** The app's own id of the send (`client_message_id` of the request), so an optimistic message can be matched. */
  client_message_id: z.string().nullable(),
  /** null when the author's account is gone. */
  author: ChatPersonSchema.nullable(),
  /** Empty for a deleted message ("message deleted"). */
  body: z.string(),
  mentions: z.array(MentionSchema),
  attachments: z.array(ChatAttachmentSchema),
  /** Preview of the first link, fetched when the message was written. */
  link: LinkPreviewSchema.nullable(),
  quote: ChatQuoteSchema.nullable(),
  reactions: z.array(ChatReactionSchema),
  /** Replies in its thread (top-level messages), and when the last one was written. */
  reply_count: z.number().int(),
  last_reply_at: z.string().nullable(),
  /** 'held' messages wait for brand-safety review and are shown only to their author. */
  status: z.enum(['published', 'held']),
  edited_at: z.string().nullable(),
  deleted: z.boolean(),
  created_at: z.string(),
  abilities: ChatMessageAbilitiesSchema,
});
export type ChatMessage = z.infer<typeof ChatMessageSchema>;

/**
 * GET …/messages: SPEC 7 pages, newest first. `cursor` + positive limit: older than the cursor; `cursor` + negative
 * limit: newer than the cursor (how the app catches up after a reconnect: from its newest message, again and again
 * until `next_cursor` is null). `next_cursor` is the cursor of the next page in the same direction (with the same sign
 * of limit), null when there is none.
 */
export const ChatMessagesQuerySchema = ListQuerySchema.extend({
  /** The thread whose replies to list; without it, the conversation's own (top-level) messages. */
  parent_id: IdSchema.optional(),
});
export type ChatMessagesQuery = z.infer<typeof ChatMessagesQuerySchema>;

export const ChatMessagesResponseSchema = z.object({
  messages: z.array(ChatMessageSchema),
  next_cursor: z.string().nullable(),
});
export type ChatMessagesResponse = z.infer<typeof ChatMessagesResponseSchema>;

export const ChatMessageResponseSchema = z.object({ message: ChatMessageSchema });
export type ChatMessageResponse = z.infer<typeof ChatMessageResponseSchema>;

const messageBody = z
  .string({ message: 'body must be text' })
  .trim()
  .max(CHAT_MESSAGE_MAX_LENGTH, `body must be ${CHAT_MESSAGE_MAX_LENGTH} characters or less`);

const mentionIds = z
  .array(z.uuid({ message: 'mentions must be member ids' }))
  .max(MENTIONS_MAX, `mentions can hold at most ${MENTIONS_MAX} members`);

/**
 * POST …/messages. `client_message_id` is a UUID the app makes for each message it sends: a retried send with the
 * same one stores nothing new and answers the stored message (200 instead of 201). Mentions are ids of members of the
 * conversation named as `@{display name}` in the body (as in the feed); attachments are URLs answered by
 * POST /api/upload (type chat or post) to the writer.
 */
export const SendChatMessageRequestSchema = z
  .object({
    client_message_id: z.uuid({ message: 'client_message_id must be a UUID the app made for this message' }),
    body: messageBody.default(''),
    mentions: mentionIds.default([]),
    attachments: z
      .array(z.string().max(200), { message: 'attachments must be a list of uploaded file URLs' })
      .max(CHAT_ATTACHMENTS_MAX, `attachments can hold at most ${CHAT_ATTACHMENTS_MAX} files`)
      .default([]),
    /** Replies in the thread of this (top-level) message of the same conversation. */
    parent_id: z.uuid({ message: 'parent_id must be a message id' }).optional(),
    /** Quotes this message of the same conversation. */
    quote_id: z.uuid({ message: 'quote_id must be a message id' }).optional(),
  })
  .refine((m) => m.body.length > 0 || m.attachments.length > 0, {
    message: 'body cannot be empty: write something or attach a file',
    path: ['body'],
  });
export type SendChatMessageRequest = z.input<typeof SendChatMessageRequestSchema>;

/** PATCH /api/chat/messages/{id}: the author changes the text (and its mentions). */
export const UpdateChatMessageRequestSchema = z.object({
  body: messageBody,
  mentions: mentionIds.optional(),
});
export type UpdateChatMessageRequest = z.input<typeof UpdateChatMessageRequestSchema>;

const emoji = z.enum(CHAT_REACTIONS, { message: `emoji must be one of ${CHAT_REACTIONS.join(' ')}` });

/** PUT /api/chat/messages/{id}/reactions: adds the viewer's reaction (again: no change). */
export const ChatReactionRequestSchema = z.object({ emoji });
/** DELETE /api/chat/messages/{id}/reactions?emoji=: takes the viewer's reaction back. */
export const ChatReactionQuerySchema = z.object({ emoji });

/** POST /api/chat/messages/{id}/report: puts the message in the Brand Safety queue. */
export const ReportChatMessageRequestSchema = z.object({
  reason: z
    .string({ message: 'reason must be text' })
    .trim()
    .max(CHAT_REPORT_REASON_MAX_LENGTH, `reason must be ${CHAT_REPORT_REASON_MAX_LENGTH} characters or less`)
    .optional(),
});

/** GET /api/chat/search?q=: the member's messages matching the words (PostgreSQL full text), newest first. */
export const ChatSearchQuerySchema = ListQuerySchema.extend({
  q: z
    .string({ message: 'q is required' })
    .trim()
    .min(1, 'q is required')
    .max(CHAT_SEARCH_MAX_LENGTH, `q must be ${CHAT_SEARCH_MAX_LENGTH} characters or less`),
});
export type ChatSearchQuery = z.infer<typeof ChatSearchQuerySchema>;

// ---- Conversations ----

/** People per page of GET /api/chat/contacts, and the most one page may ask for. */
export const CHAT_CONTACTS_PAGE_SIZE = 20;
export const CHAT_CONTACTS_PAGE_MAX = 50;

/**
 * GET /api/chat/contacts?q=&limit=&cursor=: people the member may start a direct message or group with (dm_policy
 * applied), by name; `cursor` is the id of the last person of the page before (SPEC 7).
 */
export const ChatContactsQuerySchema = z.object({
  q: z.string({ message: 'q must be text' }).trim().max(80, 'q must be 80 characters or less').default(''),
  limit: z.coerce
    .number({ message: 'limit must be a number' })
    .int('limit must be a whole number')
    .min(1, `limit must be between 1 and ${CHAT_CONTACTS_PAGE_MAX}`)
    .max(CHAT_CONTACTS_PAGE_MAX, `limit must be between 1 and ${CHAT_CONTACTS_PAGE_MAX}`)
    .default(CHAT_CONTACTS_PAGE_SIZE),
  cursor: z.uuid({ message: 'cursor must be the id of a person' }).optional(),
});
export type ChatContactsQuery = z.infer<typeof ChatContactsQuerySchema>;
export const ChatContactsResponseSchema = z.object({
  people: z.array(ChatPersonSchema),
  next_cursor: z.string().nullable(),
});
export type ChatContactsResponse = z.infer<typeof ChatContactsResponseSchema>;

export const ChatConversationAbilitiesSchema = z.object({
  /** Write messages (not in an archived project channel). */
  can_post: z.boolean(),
  /** Change the title (group conversations). */
  can_rename: z.boolean(),
  /** Add people (any member of a group). */
  can_add_members: z.boolean(),
  /** Remove other people (the group's starter). */
  can_remove_members: z.boolean(),
  /** Leave the conversation (groups). */
  can_leave: z.boolean(),
});

/** A conversation as one of its members sees it. */
export const ChatConversationSchema = z.object({
  id: z.string(),
  kind: z.enum(CHAT_KINDS),
  /** A group's title (null when none), the team's or the project's name; null for direct and brand conversations. */
  title: z.string().nullable(),
  team_id: z.string().nullable(),
  project_id: z.string().nullable(),
  /** The people of a direct, group or brand conversation (the viewer included); empty for channels. */
  members: z.array(ChatPersonSchema),
  member_count: z.number().int(),
  last_message: ChatMessageSchema.nullable(),
  /** Messages of others after the viewer's read pointer (up to CHAT_UNREAD_COUNT_CAP). */
  unread: z.number().int(),
  muted: z.boolean(),
  last_read_message_id: z.string().nullable(),
  /** Set when an admin turned a project's channel off: it can be read, not written. */
  archived_at: z.string().nullable(),
  created_at: z.string(),
  abilities: ChatConversationAbilitiesSchema,
});
export type ChatConversation = z.infer<typeof ChatConversationSchema>;

/** GET /api/chat/conversations: the member's conversations, the most recently active first (SPEC 7 pages). */
export const ChatConversationsResponseSchema = z.object({
  conversations: z.array(ChatConversationSchema),
  next_cursor: z.string().nullable(),
});
export type ChatConversationsResponse = z.infer<typeof ChatConversationsResponseSchema>;

export const ChatConversationResponseSchema = z.object({ conversation: ChatConversationSchema });
export type ChatConversationResponse = z.infer<typeof ChatConversationResponseSchema>;

const groupTitle = z
  .string({ message: 'title must be text' })
  .trim()
  .max(CHAT_TITLE_MAX_LENGTH, `title must be ${CHAT_TITLE_MAX_LENGTH} characters or less`);

/**
 * POST /api/chat/conversations: a direct message with one member (the existing one when there is one: 200, else 201),
 * a new group with up to CHAT_GROUP_MAX_MEMBERS - 1 others, or the member's own brand-team conversation (get or
 * create). Who may be messaged follows the client's dm_policy.
 */
export const CreateChatConversationRequestSchema = z.discriminatedUnion(
  'kind',
  [
    z.object({ kind: z.literal('direct'), user_id: z.uuid({ message: 'user_id must be a member id' }) }),
    z.object({
      kind: z.literal('group'),
      user_ids: z
        .array(z.uuid({ message: 'user_ids must be member ids' }), { message: 'user_ids must be a list' })
        .min(1, 'user_ids must name at least one other member')
        .max(
          CHAT_GROUP_MAX_MEMBERS - 1,
          `user_ids can hold at most ${CHAT_GROUP_MAX_MEMBERS - 1} members (a group has at most ${CHAT_GROUP_MAX_MEMBERS})`,
        ),
      title: groupTitle.optional(),
    }),
    z.object({ kind: z.literal('brand') }),
  ],
  { message: 'kind must be direct, group or brand' },
);
export type CreateChatConversationRequest = z.input<typeof CreateChatConversationRequestSchema>;

/** PATCH /api/chat/conversations/{id}: mute or unmute (any conversation), rename (a group; '' clears the title). */
export const UpdateChatConversationRequestSchema = z
  .object({
    muted: z.boolean({ message: 'muted must be true or false' }).optional(),
    title: groupTitle.optional(),
  })
  .refine((b) => b.muted !== undefined || b.title !== undefined, 'Give muted or title to change');
export type UpdateChatConversationRequest = z.input<typeof UpdateChatConversationRequestSchema>;

/**
 * POST /api/chat/conversations/{id}/members: any member of a group adds people (the client's dm_policy applies to each,
 * and the group stays within CHAT_GROUP_MAX_MEMBERS). DELETE …/members/{userId}: a member leaves (their own id), the
 * group's starter removes someone else.
 */
export const AddChatMembersRequestSchema = z.object({
  user_ids: z
    .array(z.uuid({ message: 'user_ids must be member ids' }), { message: 'user_ids must be a list' })
    .min(1, 'user_ids must name at least one member to add')
    .max(CHAT_GROUP_MAX_MEMBERS - 1, `user_ids can hold at most ${CHAT_GROUP_MAX_MEMBERS - 1} members`),
});
export type AddChatMembersRequest = z.input<typeof AddChatMembersRequestSchema>;

/**
 * POST …/read: the viewer has read up to this message. A message of the conversation moves the conversation's
 * pointer, a reply moves its thread's; a pointer never moves back.
 */
export const ChatReadRequestSchema = z.object({
  message_id: z.uuid({ message: 'message_id must be a message id' }),
});
export type ChatReadRequest = z.infer<typeof ChatReadRequestSchema>;

/** POST …/typing: tells the other members (live only, nothing stored). */
export const ChatTypingRequestSchema = z.object({
  parent_id: z.uuid({ message: 'parent_id must be a message id' }).optional(),
});

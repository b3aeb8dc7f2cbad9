import { z } from 'zod';
import {
  CHAT_DM_POLICIES,
  CHAT_MESSAGE_MAX_LENGTH,
  CHAT_NOTE_MAX_LENGTH,
  CHAT_TITLE_MAX_LENGTH,
  ChatMessageSchema,
  ChatPersonSchema,
} from './chat.ts';
import { ListQuerySchema } from './common.ts';

/** Zod schemas of the brand team's chat API (/api/admin/chat/…, ADMIN and ANALYST; issue 12). */

// ---- Brand-team inbox (/admin/chat) ----

export const CHAT_INBOX_BOXES = ['unassigned', 'mine', 'all'] as const;
export const CHAT_INBOX_STATUSES = ['open', 'resolved'] as const;
export type ChatInboxStatus = (typeof CHAT_INBOX_STATUSES)[number];

/** GET /api/admin/chat/conversations: the brand-team conversations of the box and status, most recently active first. */
export const ChatInboxQuerySchema = ListQuerySchema.extend({
  box: z.enum(CHAT_INBOX_BOXES, { message: 'box must be unassigned, mine or all' }).default('all'),
  status: z.enum(CHAT_INBOX_STATUSES, { message: 'status must be open or resolved' }).default('open'),
});
export type ChatInboxQuery = z.infer<typeof ChatInboxQuerySchema>;

/** A member's brand-team conversation as the brand team sees it. */
export const ChatInboxConversationSchema = z.object({
  id: z.string(),
  /** The member whose line it is (null when their account is gone). */
  member: ChatPersonSchema.nullable(),
  assignee: ChatPersonSchema.nullable(),
  status: z.enum(CHAT_INBOX_STATUSES),
  resolved_at: z.string().nullable(),
  last_message: ChatMessageSchema.nullable(),
  /** The member's messages after the brand team's read pointer (shared by the team). */
  unread: z.number().int(),
  last_read_message_id: z.string().nullable(),
  created_at: z.string(),
});
export type ChatInboxConversation = z.infer<typeof ChatInboxConversationSchema>;

export const ChatInboxResponseSchema = z.object({
  conversations: z.array(ChatInboxConversationSchema),
  next_cursor: z.string().nullable(),
});
export type ChatInboxResponse = z.infer<typeof ChatInboxResponseSchema>;
export const ChatInboxConversationResponseSchema = z.object({ conversation: ChatInboxConversationSchema });

/** PATCH /api/admin/chat/conversations/{id}: assign to a colleague (an ADMIN or ANALYST; null: nobody), resolve, reopen. */
export const UpdateChatInboxRequestSchema = z
  .object({
    assignee_id: z.uuid({ message: 'assignee_id must be a member id' }).nullable().optional(),
    status: z.enum(CHAT_INBOX_STATUSES, { message: 'status must be open or resolved' }).optional(),
  })
  .refine(
    (b) => b.assignee_id !== undefined || b.status !== undefined,
    'Give assignee_id or status to change',
  );
export type UpdateChatInboxRequest = z.input<typeof UpdateChatInboxRequestSchema>;

/** An internal note of the brand team on a conversation: never shown to the member. */
export const ChatNoteSchema = z.object({
  id: z.string(),
  conversation_id: z.string(),
  author: ChatPersonSchema.nullable(),
  body: z.string(),
  created_at: z.string(),
});
export type ChatNote = z.infer<typeof ChatNoteSchema>;
export const ChatNotesResponseSchema = z.object({
  notes: z.array(ChatNoteSchema),
  next_cursor: z.string().nullable(),
});
export const ChatNoteResponseSchema = z.object({ note: ChatNoteSchema });

const noteBody = (label: string) =>
  z
    .string({ message: `${label} is required` })
    .trim()
    .min(1, `${label} cannot be empty`)
    .max(CHAT_NOTE_MAX_LENGTH, `${label} must be ${CHAT_NOTE_MAX_LENGTH} characters or less`);

export const CreateChatNoteRequestSchema = z.object({ body: noteBody('body') });

/** A saved answer the brand team inserts into a reply (per client). */
export const ChatCannedReplySchema = z.object({
  id: z.string(),
  title: z.string(),
  body: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ChatCannedReply = z.infer<typeof ChatCannedReplySchema>;
export const ChatCannedRepliesResponseSchema = z.object({
  replies: z.array(ChatCannedReplySchema),
  next_cursor: z.string().nullable(),
});
export const ChatCannedReplyResponseSchema = z.object({ reply: ChatCannedReplySchema });

const cannedTitle = z
  .string({ message: 'title is required' })
  .trim()
  .min(1, 'title cannot be empty')
  .max(CHAT_TITLE_MAX_LENGTH, `title must be ${CHAT_TITLE_MAX_LENGTH} characters or less`);

export const CreateChatCannedReplyRequestSchema = z.object({ title: cannedTitle, body: noteBody('body') });
export const UpdateChatCannedReplyRequestSchema = z
  .object({ title: cannedTitle.optional(), body: noteBody('body').optional() })
  .refine((b) => b.title !== undefined || b.body !== undefined, 'Give a title or a body to change');

/** GET and PATCH /api/admin/chat/settings (ADMIN): who members may start a direct message or group with. */
export const ChatSettingsSchema = z.object({
  dm_policy: z.enum(CHAT_DM_POLICIES, { message: 'dm_policy must be anyone, teammates or brand_team' }),
});
export type ChatSettings = z.infer<typeof ChatSettingsSchema>;
export const ChatSettingsResponseSchema = z.object({ settings: ChatSettingsSchema });

/** PUT and DELETE /api/admin/chat/projects/{id}/channel (ADMIN): a project's channel on (for its members) or off. */
export const ChatProjectChannelResponseSchema = z.object({
  channel: z.object({ project_id: z.string(), conversation_id: z.string().nullable(), enabled: z.boolean() }),
});

// ---- Broadcasts (ADMIN) ----

/** Who a broadcast goes to: every member, a team's members, or a project's joined members. */
export const CHAT_BROADCAST_AUDIENCES = ['all', 'team', 'project'] as const;
export type ChatBroadcastAudience = (typeof CHAT_BROADCAST_AUDIENCES)[number];

/**
 * A broadcast as admins see it: its text and audience, and how far it got. `recipients` grows while the fan-out lists
 * them (`listing` true until it is done); `delivered` counts the members it reached (in their brand-team
 * conversation), `read` those whose read pointer passed it.
 */
export const ChatBroadcastSchema = z.object({
  id: z.string(),
  author: ChatPersonSchema.nullable(),
  audience: z.enum(CHAT_BROADCAST_AUDIENCES),
  /** The team or project it went to (null for every member, or when it was deleted since). */
  target: z.object({ id: z.string(), name: z.string() }).nullable(),
  body: z.string(),
  recipients: z.number().int(),
  delivered: z.number().int(),
  read: z.number().int(),
  listing: z.boolean(),
  created_at: z.string(),
});
export type ChatBroadcast = z.infer<typeof ChatBroadcastSchema>;

/** GET /api/admin/chat/broadcasts: past broadcasts, newest first (SPEC 7 pages). */
export const ChatBroadcastsResponseSchema = z.object({
  broadcasts: z.array(ChatBroadcastSchema),
  next_cursor: z.string().nullable(),
});
export type ChatBroadcastsResponse = z.infer<typeof ChatBroadcastsResponseSchema>;
export const ChatBroadcastResponseSchema = z.object({ broadcast: ChatBroadcastSchema });
export type ChatBroadcastResponse = z.infer<typeof ChatBroadcastResponseSchema>;

/**
 * POST /api/admin/chat/broadcasts: the text (screened like every text; a blocked phrase is refused) and the audience;
 * `team_id` for a team, `project_id` for a project.
 */
export const CreateChatBroadcastRequestSchema = z
  .object({
    audience: z.enum(CHAT_BROADCAST_AUDIENCES, { message: 'audience must be all, team or project' }),
    team_id: z.uuid({ message: 'team_id must be a team id' }).optional(),
    project_id: z.uuid({ message: 'project_id must be a project id' }).optional(),
    body: z
      .string({ message: 'body is required' })
      .trim()
      .min(1, 'body cannot be empty')
      .max(CHAT_MESSAGE_MAX_LENGTH, `body must be ${CHAT_MESSAGE_MAX_LENGTH} characters or less`),
  })
  .superRefine((b, issue) => {
    if (b.audience === 'team' && !b.team_id)
      issue.addIssue({ code: 'custom', path: ['team_id'], message: 'team_id is required for a team' });
    if (b.audience === 'project' && !b.project_id)
      issue.addIssue({
        code: 'custom',
        path: ['project_id'],
        message: 'project_id is required for a project',
      });
  });
export type CreateChatBroadcastRequest = z.input<typeof CreateChatBroadcastRequestSchema>;

import { z } from 'zod';
import { REACTION_KINDS } from '../constants/domain.ts';
import { ListQuerySchema } from './common.ts';

/** Longest text of a feed post. */
export const POST_BODY_MAX_LENGTH = 5_000;
/** Longest text of a comment. */
export const COMMENT_BODY_MAX_LENGTH = 2_000;
/** Most images one post carries. */
export const POST_IMAGES_MAX = 4;
/** Most members one text may mention. */
export const MENTIONS_MAX = 20;
/** How often the feed asks whether newer posts exist (the "New posts" pill). */
export const FEED_POLL_MS = 60_000;

/**
 * Feed item kinds: a member's own post, a share they posted, their approved Brand Content, or the celebration of a
 * badge they earned.
 */
export const POST_KINDS = ['post', 'share', 'content', 'badge'] as const;
export type PostKind = (typeof POST_KINDS)[number];

/** Which feed GET /api/feed answers: everyone's, or the people the member follows. */
export const FEED_SCOPES = ['all', 'following'] as const;
export type FeedScope = (typeof FEED_SCOPES)[number];

const reactionKind = z.enum(REACTION_KINDS, {
  message: `kind must be one of ${REACTION_KINDS.join(', ')}`,
});

/** The author of a post or comment, with the fields a display name is made of (SPEC 6). */
export const FeedPersonSchema = z.object({
  id: z.string(),
  /** The name to show, by SPEC 6's rule. */
  display_name: z.string(),
  username: z.string().nullable(),
  display_username: z.boolean(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  image_url: z.string().nullable(),
});
export type FeedPerson = z.infer<typeof FeedPersonSchema>;

/** A member mentioned in a text: the body holds `@{display_name}`, linked to their profile. */
export const MentionSchema = z.object({ id: z.string(), display_name: z.string() });
export type Mention = z.infer<typeof MentionSchema>;

/** Preview of the first http(s) link in a post, fetched by the server when the post is written. */
export const LinkPreviewSchema = z.object({
  url: z.string(),
  title: z.string().nullable(),
  description: z.string().nullable(),
  image_url: z.string().nullable(),
  site_name: z.string().nullable(),
});
export type LinkPreview = z.infer<typeof LinkPreviewSchema>;

/** What the viewer may do with a post (the server decides; the UI only mirrors it). */
export const PostAbilitiesSchema = z.object({
  can_edit: z.boolean(),
  can_delete: z.boolean(),
  can_pin: z.boolean(),
});

/** A feed post as a member sees it. */
export const PostSchema = z.object({
  id: z.string(),
  kind: z.enum(POST_KINDS),
  author: FeedPersonSchema,
  /** The team whose feed holds it; null for the client-wide feed. */
  team_id: z.string().nullable(),
  body: z.string(),
  images: z.array(z.string()),
  link: LinkPreviewSchema.nullable(),
  mentions: z.array(MentionSchema),
  /** 'held' posts wait for brand-safety review and are shown only to their author and admins. */
  status: z.enum(['published', 'held']),
  pinned_at: z.string().nullable(),
  comment_count: z.number().int(),
  reaction_count: z.number().int(),
  /** Reactions by kind (every kind present, zero when none). */
  reactions: z.record(z.enum(REACTION_KINDS), z.number().int()),
  my_reaction: z.enum(REACTION_KINDS).nullable(),
  abilities: PostAbilitiesSchema,
  edited_at: z.string().nullable(),
  created_at: z.string(),
});
export type Post = z.infer<typeof PostSchema>;

/**
 * GET /api/feed: SPEC 7 list query (limit, cursor = id of the last post; a negative limit with a cursor answers
 * the newer posts) and the scope.
 */
export const FeedQuerySchema = ListQuerySchema.extend({
  scope: z.enum(FEED_SCOPES, { message: 'scope must be all or following' }).default('all'),
});
export type FeedQuery = z.infer<typeof FeedQuerySchema>;

/** A page of posts, newest first. */
export const FeedResponseSchema = z.object({
  posts: z.array(PostSchema),
  /** Admins' pinned announcements: only on the first page of the 'all' feed, otherwise empty. */
  pinned: z.array(PostSchema),
  /** Cursor of the next (older) page; null when this is the last one (and always for newer items). */
  next_cursor: z.string().nullable(),
});
export type FeedResponse = z.infer<typeof FeedResponseSchema>;

const mentionIds = z
  .array(z.uuid({ message: 'mentions must be member ids' }))
  .max(MENTIONS_MAX, `mentions can hold at most ${MENTIONS_MAX} members`);

const postBody = z
  .string({ message: 'body must be text' })
  .trim()
  .max(POST_BODY_MAX_LENGTH, `body must be ${POST_BODY_MAX_LENGTH} characters or less`);

/**
 * POST /api/posts. Images are URLs answered by POST /api/upload with type 'post'. Mentions are the ids of
 * members named as `@{display name}` in the body; only members of the same client count.
 */
export const CreatePostRequestSchema = z
  .object({
    body: postBody.default(''),
    images: z
      .array(z.string().max(200), { message: 'images must be a list of uploaded file URLs' })
      .max(POST_IMAGES_MAX, `images can hold at most ${POST_IMAGES_MAX} pictures`)
      .default([]),
    /** Posts into this team's feed instead of the client-wide one. */
    team_id: z.uuid({ message: 'team_id must be a team id' }).optional(),
    mentions: mentionIds.default([]),
  })
  .refine((p) => p.body.length > 0 || p.images.length > 0, {
    message: 'body cannot be empty: write something or add a picture',
    path: ['body'],
  });
export type CreatePostRequest = z.input<typeof CreatePostRequestSchema>;

/** PATCH /api/posts/{id}: the author changes the text (and its mentions). */
export const UpdatePostRequestSchema = z.object({ body: postBody, mentions: mentionIds.optional() });
export type UpdatePostRequest = z.input<typeof UpdatePostRequestSchema>;

export const PostResponseSchema = z.object({ post: PostSchema });

/** A comment on a post. */
export const CommentSchema = z.object({
  id: z.string(),
  post_id: z.string(),
  author: FeedPersonSchema,
  body: z.string(),
  mentions: z.array(MentionSchema),
  status: z.enum(['published', 'held']),
  abilities: z.object({ can_edit: z.boolean(), can_delete: z.boolean() }),
  edited_at: z.string().nullable(),
  created_at: z.string(),
});
export type Comment = z.infer<typeof CommentSchema>;

/**
 * GET /api/posts/{id}/comments answers SPEC 7 pages like every list: newest first, `cursor` = id of the last
 * (oldest) comment for older ones, a negative limit with a cursor for newer ones. The UI shows them oldest first.
 */
export const CommentsResponseSchema = z.object({
  comments: z.array(CommentSchema),
  next_cursor: z.string().nullable(),
});
export type CommentsResponse = z.infer<typeof CommentsResponseSchema>;

const commentBody = z
  .string({ message: 'body must be text' })
  .trim()
  .min(1, 'body cannot be empty')
  .max(COMMENT_BODY_MAX_LENGTH, `body must be ${COMMENT_BODY_MAX_LENGTH} characters or less`);

/** POST /api/posts/{id}/comments. */
export const CreateCommentRequestSchema = z.object({ body: commentBody, mentions: mentionIds.default([]) });
export type CreateCommentRequest = z.input<typeof CreateCommentRequestSchema>;

/** PATCH /api/comments/{id}. */
export const UpdateCommentRequestSchema = z.object({ body: commentBody, mentions: mentionIds.optional() });
export type UpdateCommentRequest = z.input<typeof UpdateCommentRequestSchema>;

/** A written or changed comment, and the post's comment count after it. */
export const CommentResponseSchema = z.object({ comment: CommentSchema, comment_count: z.number().int() });

/** PUT /api/posts/{id}/reaction: the member's one reaction to a post (a new kind replaces the old). */
export const ReactionRequestSchema = z.object({ kind: reactionKind });
export type ReactionRequest = z.infer<typeof ReactionRequestSchema>;

/** GET /api/mentions?q=: members of the client whose name matches, for @mention autocomplete. */
export const MentionsQuerySchema = z.object({
  q: z.string().trim().max(80, 'q must be 80 characters or less').default(''),
});
export const MentionsResponseSchema = z.object({
  members: z.array(z.object({ id: z.string(), display_name: z.string(), image_url: z.string().nullable() })),
});
export type MentionCandidate = z.infer<typeof MentionsResponseSchema>['members'][number];

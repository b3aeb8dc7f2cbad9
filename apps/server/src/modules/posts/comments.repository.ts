import type { ListQuery } from '@rally/shared';
import { and, eq, sql } from 'drizzle-orm';
import { type Db, selectRows } from '../../db/client.ts';
import { comments, posts } from '../../db/schema/index.ts';
import { type FeedReader, type PersonFields, pageBounds, person } from './posts.repository.ts';

/** A comment row with its author and mentioned members. */
export interface CommentRow {
  id: string;
  post_id: string;
  author_id: string;
  body: string;
  status: 'published' | 'held';
  edited_at: Date | string | null;
  created_at: Date | string;
  author: PersonFields;
  mention_people: PersonFields[] | null;
}

const COMMENT_COLUMNS = sql`c.id, c.post_id, c.author_id, c.body, c.status, c.edited_at, c.created_at,
  ${person('u')} as author,
  case when jsonb_array_length(c.mentions) > 0 then (
    select json_agg(${person('m')}) from users m
    where m.client_id = c.client_id and m.id in (select x::uuid from jsonb_array_elements_text(c.mentions) x))
  end as mention_people`;

const visibleComment = (reader: FeedReader) =>
  reader.seesAllHeld
    ? sql`c.status in ('published', 'held')`
    : sql`(c.status = 'published' or (c.status = 'held' and c.author_id = ${reader.id}))`;

/** A page of a post's comments the reader may see, in the page's direction. */
export async function findComments(
  db: Db,
  input: { clientId: string; reader: FeedReader; postId: string; query: ListQuery },
): Promise<CommentRow[]> {
  const { clientId, reader, postId, query } = input;
  const b = pageBounds(query);
  const cursor = query.cursor
    ? b.isNewer
      ? sql`and c.id > ${query.cursor}`
      : sql`and c.id < ${query.cursor}`
    : sql``;
  return selectRows<CommentRow>(
    db,
    sql`select ${COMMENT_COLUMNS} from comments c join users u on u.id = c.author_id
        where c.post_id = ${postId} and c.client_id = ${clientId} and ${visibleComment(reader)} ${cursor}
        order by c.id ${b.dir} limit ${b.limit}`,
  );
}

/** One comment the reader may see, of this client, with its post's id; undefined otherwise. */
export async function getVisibleComment(
  db: Db,
  input: { clientId: string; reader: FeedReader; commentId: string },
): Promise<CommentRow | undefined> {
  const { clientId, reader, commentId } = input;
  const [row] = await selectRows<CommentRow>(
    db,
    sql`select ${COMMENT_COLUMNS} from comments c join users u on u.id = c.author_id
        where c.id = ${commentId} and c.client_id = ${clientId} and ${visibleComment(reader)}`,
  );
  return row;
}

/** How many published comments one of the client's posts has (0 when there is no such post). */
export async function getCommentCount(db: Db, input: { clientId: string; postId: string }): Promise<number> {
  const [row] = await db
    .select({ n: posts.commentCount })
    .from(posts)
    .where(and(eq(posts.id, input.postId), eq(posts.clientId, input.clientId)));
  return row?.n ?? 0;
}

/**
 * Moves posts.comment_count, which equals the post's published comments, by `by` (never below 0). It is changed
 * by increments in the transaction of the change (never recounted): on PostgreSQL, concurrent writers then each
 * add their own step to the latest row version instead of overwriting each other's count.
 */
export async function bumpCommentCount(
  db: Db,
  input: { clientId: string; postId: string; by: number },
): Promise<void> {
  await db
    .update(posts)
    .set({ commentCount: sql`greatest(${posts.commentCount} + ${input.by}, 0)` })
    .where(and(eq(posts.id, input.postId), eq(posts.clientId, input.clientId)));
}

/** A member's new comment on a post; answers its id. */
export async function insertComment(
  db: Db,
  input: {
    clientId: string;
    postId: string;
    authorId: string;
    body: string;
    mentions: string[];
    status: 'published' | 'held';
  },
): Promise<string> {
  const [row] = await db.insert(comments).values(input).returning({ id: comments.id });
  return row!.id;
}

/**
 * The author's new text of a comment, only while its status is still `fromStatus` (what the author saw);
 * answers whether it changed.
 */
export async function updateCommentText(
  db: Db,
  input: {
    clientId: string;
    id: string;
    fromStatus: string;
    body: string;
    mentions: string[];
    status: string;
  },
): Promise<boolean> {
  const { clientId, id, fromStatus, body, mentions, status } = input;
  const changed = await db
    .update(comments)
    .set({ body, mentions, status, editedAt: new Date() })
    .where(and(eq(comments.id, id), eq(comments.clientId, clientId), eq(comments.status, fromStatus)))
    .returning({ id: comments.id });
  return changed.length > 0;
}

/**
 * Marks a comment removed, locking the row and reading its latest status first (so two removals at once see
 * one change); answers the status it had, or undefined when it was removed already or is not the client's.
 */
export async function markCommentRemoved(
  db: Db,
  input: { clientId: string; id: string },
): Promise<string | undefined> {
  const [old] = await selectRows<{ status: string }>(
    db,
    sql`with old as (select id, status from comments where id = ${input.id} and client_id = ${input.clientId} for update)
        update comments c set status = 'removed' from old
        where c.id = old.id and c.client_id = ${input.clientId} and old.status <> 'removed' returning old.status`,
  );
  return old?.status;
}

/** One of the client's comments: its status and post. */
export async function getCommentState(
  db: Db,
  input: { clientId: string; id: string },
): Promise<{ status: string; postId: string } | undefined> {
  const [row] = await db
    .select({ status: comments.status, postId: comments.postId })
    .from(comments)
    .where(and(eq(comments.id, input.id), eq(comments.clientId, input.clientId)));
  return row;
}

/** Sets one of the client's comments' status. */
export async function setCommentStatus(
  db: Db,
  input: { clientId: string; id: string; status: 'published' | 'removed' },
): Promise<void> {
  await db
    .update(comments)
    .set({ status: input.status })
    .where(and(eq(comments.id, input.id), eq(comments.clientId, input.clientId)));
}

/** One of the client's comments with its post, as stored. */
export async function getCommentWithPost(db: Db, input: { clientId: string; id: string }) {
  const [row] = await db
    .select({ comment: comments, post: posts })
    .from(comments)
    .innerJoin(posts, eq(posts.id, comments.postId))
    .where(and(eq(comments.id, input.id), eq(comments.clientId, input.clientId)));
  return row;
}

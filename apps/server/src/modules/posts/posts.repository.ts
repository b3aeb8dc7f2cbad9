import type { ListQuery, Role } from '@rally/shared';
import { and, eq, isNull, ne, type SQL, sql } from 'drizzle-orm';
import { type Db, selectRows } from '../../db/client.ts';
import { posts, users } from '../../db/schema/index.ts';

/**
 * Who reads the feed, as its queries need them: their id (their own reaction, their own held posts) and whether
 * they see every held post waiting for review (`seesAllHeld` in posts.policy.ts decides).
 */
export interface FeedReader {
  id: string;
  seesAllHeld: boolean;
}

/** Name fields of a person, as the feed queries return them. */
export interface PersonFields {
  id: string;
  username: string | null;
  display_username: boolean;
  first_name: string | null;
  last_name: string | null;
  email: string | null;
  image_url?: string | null;
}

/** A post row with its author, the viewer's reaction, reactions by kind and the mentioned members. */
export interface PostRow {
  id: string;
  author_id: string;
  team_id: string | null;
  kind: 'post' | 'share' | 'content';
  body: string;
  images: string[];
  link: Record<string, string | null> | null;
  status: 'published' | 'held';
  pinned_at: Date | string | null;
  comment_count: number;
  reaction_count: number;
  edited_at: Date | string | null;
  created_at: Date | string;
  author: PersonFields;
  my_reaction: string | null;
  reactions: Record<string, number> | null;
  mention_people: PersonFields[] | null;
}

export const person = (alias: string) =>
  sql.raw(
    `json_build_object('id', ${alias}.id, 'username', ${alias}.username, 'display_username', ${alias}.display_username,
    'first_name', ${alias}.first_name, 'last_name', ${alias}.last_name, 'email', ${alias}.email, 'image_url', ${alias}.image_url)`,
  );

/**
 * Adds to a set of post rows (`page`, in the order given) everything a card shows, in the same query: the
 * author, the viewer's reaction, reactions by kind (only for posts that have any) and mentioned members.
 */
function enrich(viewerId: string, page: SQL, order: SQL): SQL {
  return sql`with page as (${page})
    select p.id, p.author_id, p.team_id, p.kind, p.body, p.images, p.link, p.status, p.pinned_at,
      p.comment_count, p.reaction_count, p.edited_at, p.created_at,
      ${person('u')} as author, r.kind as my_reaction,
      case when p.reaction_count > 0 then (
        select json_object_agg(k.kind, k.n) from (
          select kind, count(*)::int as n from reactions where post_id = p.id group by kind) k) end as reactions,
      case when jsonb_array_length(p.mentions) > 0 then (
        select json_agg(${person('m')}) from users m
        where m.client_id = p.client_id and m.id in (select x::uuid from jsonb_array_elements_text(p.mentions) x))
      end as mention_people
    from page p
    join users u on u.id = p.author_id
    left join reactions r on r.post_id = p.id and r.user_id = ${viewerId}
    ${order}`;
}

/** Which posts a feed holds, besides the client: the whole feed, the people followed, or one team's. */
export type FeedSource = { scope: 'all' } | { scope: 'following' } | { scope: 'team'; teamId: string };

function sourceFilter(source: FeedSource): SQL {
  switch (source.scope) {
    case 'all':
      // Pinned announcements are answered apart, above the feed; team posts stay in their team's feed.
      return sql`team_id is null and pinned_at is null`;
    case 'following':
      return sql`team_id is null`;
    case 'team':
      return sql`team_id = ${source.teamId}`;
  }
}

/** Direction and bounds of a SPEC 7 page (see lib/pagination.ts keyset: the same rules, in raw SQL). */
export function pageBounds(query: ListQuery) {
  const isNewer = query.limit < 0 && query.cursor !== undefined;
  const size = Math.abs(query.limit);
  const cursor = query.cursor
    ? isNewer
      ? sql`and id > ${query.cursor}`
      : sql`and id < ${query.cursor}`
    : sql``;
  const dir = isNewer ? sql.raw('asc') : sql.raw('desc');
  return { isNewer, size, cursor, dir, limit: size + 1 };
}

/**
 * The query of one feed page: published posts by keyset on the posts_feed index, plus held posts the reader
 * may see (their own, or for admins all those waiting in the moderation queue), looked up through the queue so
 * the hot path never scans. Exposed so the benchmark can compare it with the raw row fetch.
 */
export function feedPageQuery(input: {
  clientId: string;
  reader: FeedReader;
  source: FeedSource;
  query: ListQuery;
  includeHeld?: boolean;
}): SQL {
  const { clientId, reader, source, query, includeHeld = true } = input;
  const b = pageBounds(query);
  const filter = sourceFilter(source);
  const published =
    source.scope === 'following'
      ? // Driven by the people followed: one short keyset scan of posts_author per followee, merged.
        sql`(select p.* from follows f cross join lateral (
          select * from posts where author_id = f.followee_id and client_id = ${clientId} and status = 'published'
            and team_id is null ${b.cursor} order by id ${b.dir} limit ${b.limit}) p
        where f.follower_id = ${reader.id} order by p.id ${b.dir} limit ${b.limit})`
      : sql`(select * from posts where client_id = ${clientId} and status = 'published'
      and ${filter} ${b.cursor} order by id ${b.dir} limit ${b.limit})`;
  const heldAuthor = reader.seesAllHeld ? sql`` : sql`and author_id = ${reader.id}`;
  const held =
    source.scope === 'following' || !includeHeld
      ? null
      : sql`(select * from posts where client_id = ${clientId} and status = 'held' and ${filter} ${b.cursor}
      and id in (select target_id from moderation_items where client_id = ${clientId} and status = 'pending'
        and target_kind = 'post' ${heldAuthor})
      order by id ${b.dir} limit ${b.limit})`;
  const page = held ? sql`${published} union all ${held} order by id ${b.dir} limit ${b.limit}` : published;
  return enrich(reader.id, page, sql`order by p.id ${b.dir}`);
}

/** One page of a feed; rows come in the page's direction (newest first, or oldest first for newer items). */
export async function findFeedPage(
  db: Db,
  input: { clientId: string; reader: FeedReader; source: FeedSource; query: ListQuery },
): Promise<PostRow[]> {
  // Most readers have no held post to see: then the page is one plain keyset read, which PostgreSQL also plans
  // much faster than the union with held posts (planning dominated this query's time on PGlite).
  const includeHeld = input.source.scope !== 'following' && (await hasHeldPostsFor(db, input));
  return selectRows<PostRow>(db, feedPageQuery({ ...input, includeHeld }));
}

/** Whether any held post waits in the queue that the reader may see (theirs, or any for admins). */
async function hasHeldPostsFor(db: Db, input: { clientId: string; reader: FeedReader }): Promise<boolean> {
  const { clientId, reader } = input;
  const author = reader.seesAllHeld ? sql`` : sql`and author_id = ${reader.id}`;
  const rows = await selectRows(
    db,
    sql`select 1 from moderation_items where client_id = ${clientId} and status = 'pending'
      and target_kind = 'post' and is_held ${author} limit 1`,
  );
  return rows.length > 0;
}

/** The client's pinned announcements, most recently pinned first. */
export async function findPinnedPosts(
  db: Db,
  input: { clientId: string; reader: FeedReader },
): Promise<PostRow[]> {
  const page = sql`select * from posts where client_id = ${input.clientId} and pinned_at is not null
    and status = 'published' and team_id is null order by pinned_at desc limit 5`;
  return selectRows<PostRow>(db, enrich(input.reader.id, page, sql`order by p.pinned_at desc`));
}

/**
 * One post the reader may see, or undefined: not removed, of this client, and when held, their own (or any for
 * admins). Team access is checked by the caller, who knows the team.
 */
export async function getVisiblePost(
  db: Db,
  input: { clientId: string; reader: FeedReader; postId: string },
): Promise<PostRow | undefined> {
  const { clientId, reader, postId } = input;
  const held = reader.seesAllHeld
    ? sql`status = 'held'`
    : sql`(status = 'held' and author_id = ${reader.id})`;
  const page = sql`select * from posts where id = ${postId} and client_id = ${clientId}
    and (status = 'published' or ${held})`;
  const [row] = await selectRows<PostRow>(db, enrich(reader.id, page, sql``));
  return row;
}

/** Whether the member belongs to the team (and the team is the client's): undefined when no such team. */
export async function getTeamMembership(
  db: Db,
  input: { clientId: string; teamId: string; userId: string },
): Promise<{ is_member: boolean; is_discoverable: boolean } | undefined> {
  const { clientId, teamId, userId } = input;
  const [row] = await selectRows<{ is_member: boolean; is_discoverable: boolean }>(
    db,
    sql`select exists (select 1 from team_members tm where tm.team_id = t.id and tm.user_id = ${userId}) as is_member,
          t.is_discoverable
        from teams t where t.id = ${teamId} and t.client_id = ${clientId}`,
  );
  return row;
}

/** Of the given ids, those of active members of the client (mentions of anyone else do not count). */
export async function findMemberIds(
  db: Db,
  input: { clientId: string; ids: readonly string[] },
): Promise<string[]> {
  const { clientId, ids } = input;
  if (ids.length === 0) return [];
  const rows = await selectRows<{ id: string }>(
    db,
    sql`select id from users where client_id = ${clientId} and is_active and not is_ghost and role <> 'APPLICANT'
        and id in (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )})`,
  );
  const found = new Set(rows.map((r) => r.id));
  // Keep the order the author gave, once each.
  return [...new Set(ids)].filter((id) => found.has(id));
}

/** Members of the client whose name (or username) matches `q`, for @mention autocomplete. */
export async function findMentionCandidates(
  db: Db,
  input: { clientId: string; viewerId: string; q: string },
): Promise<PersonFields[]> {
  const { clientId, viewerId, q } = input;
  const like = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return selectRows<PersonFields>(
    db,
    sql`select id, username, display_username, first_name, last_name, email, image_url from users
        where client_id = ${clientId} and is_active and not is_ghost and role <> 'APPLICANT' and id <> ${viewerId}
          and (${q} = '' or concat_ws(' ', first_name, last_name) ilike ${like} or username ilike ${like})
        order by first_name nulls last, last_name nulls last, id
        limit 8`,
  );
}

/** A member's new post; answers its id. */
export async function insertPost(
  db: Db,
  input: {
    clientId: string;
    authorId: string;
    teamId: string | null;
    body: string;
    images: string[];
    link: Record<string, string | null> | null;
    mentions: string[];
    status: 'published' | 'held';
  },
): Promise<string> {
  const [row] = await db.insert(posts).values(input).returning({ id: posts.id });
  return row!.id;
}

/**
 * A share or Brand Content item of the feed, once per source: undefined (nothing written) when the client's
 * feed already holds one of this source.
 */
export async function insertFeedItem(
  db: Db,
  input: {
    clientId: string;
    authorId: string;
    kind: 'share' | 'content';
    sourceId: string;
    body: string;
    images: string[];
    status: 'published' | 'held';
  },
): Promise<string | undefined> {
  const [row] = await db
    .insert(posts)
    .values(input)
    .onConflictDoNothing({ target: [posts.clientId, posts.kind, posts.sourceId] })
    .returning({ id: posts.id });
  return row?.id;
}

/** The author's new text of a post (and its link preview, unless `link` is undefined: then it stays). */
export async function updatePostText(
  db: Db,
  input: {
    clientId: string;
    id: string;
    body: string;
    mentions: string[];
    status: string;
    link?: Record<string, string | null> | null;
  },
): Promise<void> {
  const { clientId, id, body, mentions, status, link } = input;
  await db
    .update(posts)
    .set({ body, mentions, status, editedAt: new Date(), ...(link === undefined ? {} : { link }) })
    .where(and(eq(posts.id, id), eq(posts.clientId, clientId)));
}

/** Pins a post above the feed; one already pinned keeps its time. */
export async function pinPostRow(db: Db, input: { clientId: string; id: string }): Promise<void> {
  await db
    .update(posts)
    .set({ pinnedAt: sql`coalesce(${posts.pinnedAt}, now())` })
    .where(and(eq(posts.id, input.id), eq(posts.clientId, input.clientId)));
}

/** Unpins a post that is not removed. */
export async function unpinPostRow(db: Db, input: { clientId: string; id: string }): Promise<void> {
  await db
    .update(posts)
    .set({ pinnedAt: null })
    .where(and(eq(posts.id, input.id), eq(posts.clientId, input.clientId), isNull(posts.removedAt)));
}

/** Removes a post at its author's or an admin's request: unpinned, and kept with who removed it and when. */
export async function markPostRemoved(
  db: Db,
  input: { clientId: string; id: string; removedBy: string },
): Promise<void> {
  await db
    .update(posts)
    .set({ status: 'removed', removedAt: new Date(), removedBy: input.removedBy, pinnedAt: null })
    .where(and(eq(posts.id, input.id), eq(posts.clientId, input.clientId)));
}

/** Publishes a held post; answers whether it was held (and so is published now). */
export async function publishHeldPost(db: Db, input: { clientId: string; id: string }): Promise<boolean> {
  const published = await db
    .update(posts)
    .set({ status: 'published' })
    .where(and(eq(posts.id, input.id), eq(posts.clientId, input.clientId), eq(posts.status, 'held')))
    .returning({ id: posts.id });
  return published.length > 0;
}

/** Takes a post down on a moderator's decision (one already removed keeps who removed it and when). */
export async function takeDownPost(
  db: Db,
  input: { clientId: string; id: string; removedBy: string },
): Promise<void> {
  await db
    .update(posts)
    .set({ status: 'removed', removedAt: new Date(), removedBy: input.removedBy })
    .where(and(eq(posts.id, input.id), eq(posts.clientId, input.clientId), ne(posts.status, 'removed')));
}

/** One of the client's posts as stored, whatever its status. */
export async function getPost(db: Db, input: { clientId: string; id: string }) {
  const [row] = await db
    .select()
    .from(posts)
    .where(and(eq(posts.id, input.id), eq(posts.clientId, input.clientId)));
  return row;
}

/** A member of the client as the author of a post or comment: role and name fields. */
export async function getAuthor(
  db: Db,
  input: { clientId: string; userId: string },
): Promise<
  | {
      id: string;
      role: Role;
      email: string | null;
      username: string | null;
      displayUsername: boolean;
      firstName: string | null;
      lastName: string | null;
    }
  | undefined
> {
  const [row] = await db
    .select({
      id: users.id,
      role: users.role,
      email: users.email,
      username: users.username,
      displayUsername: users.displayUsername,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(users)
    .where(and(eq(users.id, input.userId), eq(users.clientId, input.clientId)));
  return row;
}

/**
 * Sets the member's one reaction to a post (a new kind replaces the old); answers whether it inserted (xmax = 0),
 * so of two calls at once on PostgreSQL one inserts and the other, waiting on the key, updates.
 */
export async function upsertReaction(
  db: Db,
  input: { clientId: string; postId: string; userId: string; kind: string },
): Promise<boolean> {
  const { clientId, postId, userId, kind } = input;
  const [row] = await selectRows<{ inserted: boolean }>(
    db,
    sql`insert into reactions (client_id, post_id, user_id, kind) values (${clientId}, ${postId}, ${userId}, ${kind})
        on conflict (post_id, user_id) do update set kind = excluded.kind where reactions.client_id = ${clientId}
        returning (xmax = 0) as inserted`,
  );
  return row?.inserted === true;
}

/** Deletes the member's reaction to a post; answers whether there was one. */
export async function deleteReaction(
  db: Db,
  input: { clientId: string; postId: string; userId: string },
): Promise<boolean> {
  const deleted = await selectRows<{ kind: string }>(
    db,
    sql`delete from reactions where post_id = ${input.postId} and user_id = ${input.userId}
        and client_id = ${input.clientId} returning kind`,
  );
  return deleted.length > 0;
}

/** Moves a post's reaction count by `by`, never below 0. */
export async function bumpReactionCount(
  db: Db,
  input: { clientId: string; postId: string; by: number },
): Promise<void> {
  await db
    .update(posts)
    .set({ reactionCount: sql`greatest(${posts.reactionCount} + ${input.by}, 0)` })
    .where(and(eq(posts.id, input.postId), eq(posts.clientId, input.clientId)));
}

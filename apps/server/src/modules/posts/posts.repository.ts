import type { ListQuery } from '@rally/shared';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, selectRows } from '../../db/client.ts';
import { isAdmin, type Viewer } from './posts.policy.ts';

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

const person = (alias: string) =>
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
 * The query of one feed page: published posts by keyset on the posts_feed index, plus held posts the viewer
 * may see (their own, or for admins all those waiting in the moderation queue), looked up through the queue so
 * the hot path never scans. Exposed so the benchmark can compare it with the raw row fetch.
 */
export function feedPageQuery(
  clientId: string,
  viewer: Viewer,
  source: FeedSource,
  query: ListQuery,
  includeHeld = true,
): SQL {
  const b = pageBounds(query);
  const filter = sourceFilter(source);
  const published =
    source.scope === 'following'
      ? // Driven by the people followed: one short keyset scan of posts_author per followee, merged.
        sql`(select p.* from follows f cross join lateral (
          select * from posts where author_id = f.followee_id and client_id = ${clientId} and status = 'published'
            and team_id is null ${b.cursor} order by id ${b.dir} limit ${b.limit}) p
        where f.follower_id = ${viewer.id} order by p.id ${b.dir} limit ${b.limit})`
      : sql`(select * from posts where client_id = ${clientId} and status = 'published'
      and ${filter} ${b.cursor} order by id ${b.dir} limit ${b.limit})`;
  const heldAuthor = isAdmin(viewer) ? sql`` : sql`and author_id = ${viewer.id}`;
  const held =
    source.scope === 'following' || !includeHeld
      ? null
      : sql`(select * from posts where client_id = ${clientId} and status = 'held' and ${filter} ${b.cursor}
      and id in (select target_id from moderation_items where client_id = ${clientId} and status = 'pending'
        and target_kind = 'post' ${heldAuthor})
      order by id ${b.dir} limit ${b.limit})`;
  const page = held ? sql`${published} union all ${held} order by id ${b.dir} limit ${b.limit}` : published;
  return enrich(viewer.id, page, sql`order by p.id ${b.dir}`);
}

/** One page of a feed; rows come in the page's direction (newest first, or oldest first for newer items). */
export async function findFeedPage(
  db: Db,
  clientId: string,
  viewer: Viewer,
  source: FeedSource,
  query: ListQuery,
): Promise<PostRow[]> {
  // Most viewers have no held post to see: then the page is one plain keyset read, which PostgreSQL also plans
  // much faster than the union with held posts (planning dominated this query's time on PGlite).
  const includeHeld = source.scope !== 'following' && (await hasHeldPostsFor(db, clientId, viewer));
  return selectRows<PostRow>(db, feedPageQuery(clientId, viewer, source, query, includeHeld));
}

/** Whether any held post waits in the queue that the viewer may see (theirs, or any for admins). */
async function hasHeldPostsFor(db: Db, clientId: string, viewer: Viewer): Promise<boolean> {
  const author = isAdmin(viewer) ? sql`` : sql`and author_id = ${viewer.id}`;
  const rows = await selectRows(
    db,
    sql`select 1 from moderation_items where client_id = ${clientId} and status = 'pending'
      and target_kind = 'post' and is_held ${author} limit 1`,
  );
  return rows.length > 0;
}

/** The client's pinned announcements, most recently pinned first. */
export async function findPinnedPosts(db: Db, clientId: string, viewer: Viewer): Promise<PostRow[]> {
  const page = sql`select * from posts where client_id = ${clientId} and pinned_at is not null
    and status = 'published' and team_id is null order by pinned_at desc limit 5`;
  return selectRows<PostRow>(db, enrich(viewer.id, page, sql`order by p.pinned_at desc`));
}

/**
 * One post the viewer may see, or undefined: not removed, of this client, and when held, their own (or any for
 * admins). Team access is checked by the caller, who knows the team.
 */
export async function getVisiblePost(
  db: Db,
  clientId: string,
  viewer: Viewer,
  postId: string,
): Promise<PostRow | undefined> {
  const held = isAdmin(viewer) ? sql`status = 'held'` : sql`(status = 'held' and author_id = ${viewer.id})`;
  const page = sql`select * from posts where id = ${postId} and client_id = ${clientId}
    and (status = 'published' or ${held})`;
  const [row] = await selectRows<PostRow>(db, enrich(viewer.id, page, sql``));
  return row;
}

/** Whether the member belongs to the team (and the team is the client's): undefined when no such team. */
export async function getTeamMembership(
  db: Db,
  clientId: string,
  teamId: string,
  userId: string,
): Promise<{ is_member: boolean; is_discoverable: boolean } | undefined> {
  const [row] = await selectRows<{ is_member: boolean; is_discoverable: boolean }>(
    db,
    sql`select exists (select 1 from team_members tm where tm.team_id = t.id and tm.user_id = ${userId}) as is_member,
          t.is_discoverable
        from teams t where t.id = ${teamId} and t.client_id = ${clientId}`,
  );
  return row;
}

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

const visibleComment = (viewer: Viewer) =>
  isAdmin(viewer)
    ? sql`c.status in ('published', 'held')`
    : sql`(c.status = 'published' or (c.status = 'held' and c.author_id = ${viewer.id}))`;

/** A page of a post's comments the viewer may see, in the page's direction. */
export async function findComments(
  db: Db,
  viewer: Viewer,
  postId: string,
  query: ListQuery,
): Promise<CommentRow[]> {
  const b = pageBounds(query);
  const cursor = query.cursor
    ? b.isNewer
      ? sql`and c.id > ${query.cursor}`
      : sql`and c.id < ${query.cursor}`
    : sql``;
  return selectRows<CommentRow>(
    db,
    sql`select ${COMMENT_COLUMNS} from comments c join users u on u.id = c.author_id
        where c.post_id = ${postId} and ${visibleComment(viewer)} ${cursor}
        order by c.id ${b.dir} limit ${b.limit}`,
  );
}

/** One comment the viewer may see, of this client, with its post's id; undefined otherwise. */
export async function getVisibleComment(
  db: Db,
  clientId: string,
  viewer: Viewer,
  commentId: string,
): Promise<CommentRow | undefined> {
  const [row] = await selectRows<CommentRow>(
    db,
    sql`select ${COMMENT_COLUMNS} from comments c join users u on u.id = c.author_id
        where c.id = ${commentId} and c.client_id = ${clientId} and ${visibleComment(viewer)}`,
  );
  return row;
}

/** Of the given ids, those of active members of the client (mentions of anyone else do not count). */
export async function findMemberIds(db: Db, clientId: string, ids: readonly string[]): Promise<string[]> {
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
  clientId: string,
  viewerId: string,
  q: string,
): Promise<PersonFields[]> {
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

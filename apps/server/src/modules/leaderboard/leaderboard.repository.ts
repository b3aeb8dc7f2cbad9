import { type SQL, sql } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import { type Db, selectRows } from '../../db/client.ts';
import { ALL_PROJECTS } from '../../db/schema/index.ts';
import { visibleToMember } from '../projects/projects.repository.ts';

/**
 * Reads of the leaderboards. Every query reads the rollups in leaderboard_points (kept by a trigger on the
 * points ledger) along its index leaderboard_points_rank (client, period, period_start, project, points desc,
 * user), so a page costs a short index range and never a sort or a window over all of a client's members.
 */

/** Which rollups: one client, period (with its start) and project (ALL_PROJECTS for all). */
export interface BoardKey {
  clientId: string;
  period: string;
  periodStart: string;
  projectId: string;
}

/** The key of a board of the client: one project's, or all projects' when `projectId` is left out. */
export const boardKeyOf = (q: {
  clientId: string;
  period: string;
  periodStart: string;
  projectId?: string;
}): BoardKey => ({
  clientId: q.clientId,
  period: q.period,
  periodStart: q.periodStart,
  projectId: q.projectId ?? ALL_PROJECTS,
});

/**
 * Whether a project of the client may be ranked for the viewer: any of the client's (`anyProject`, decided by
 * the policy), or only one the member `userId` may see.
 */
export async function hasRankableProject(
  db: Db,
  q: { clientId: string; projectId: string; userId: string; anyProject: boolean },
): Promise<boolean> {
  const where = q.anyProject ? sql`p.client_id = ${q.clientId}` : visibleToMember(q);
  const rows = await selectRows(db, sql`select 1 from projects p where p.id = ${q.projectId} and ${where}`);
  return rows.length > 0;
}

/** A position in a members ranking: points, then user id as the stable order of ties. */
export interface BoardPosition {
  points: number;
  userId: string;
}

/** A ranked member's row. */
export interface MemberRow {
  id: string;
  points: number;
  username: string | null;
  display_username: boolean;
  first_name: string | null;
  last_name: string | null;
  email: string | null;
  image_url: string | null;
}

const onKey = (k: BoardKey) => sql`lp.client_id = ${k.clientId} and lp.period = ${k.period}
  and lp.period_start = ${k.periodStart} and lp.project_id = ${k.projectId}`;

/** Members who are ranked: active people of the client, neither applicants nor guests. */
const isRanked = (clientId: string) =>
  sql`u.client_id = ${clientId} and u.is_active and not u.is_ghost and u.role <> 'APPLICANT'`;

/** The query of one page of members after (or, when `isNewer`, before) a position; exposed for the benchmark. */
export function membersPageQuery(
  k: BoardKey,
  page: { size: number; after?: BoardPosition; isNewer?: boolean },
): SQL {
  const at = page.after;
  let keyset = sql``;
  if (at && page.isNewer) {
    keyset = sql`and lp.points >= ${at.points} and (lp.points > ${at.points} or lp.user_id < ${at.userId})`;
  } else if (at) {
    keyset = sql`and lp.points <= ${at.points} and (lp.points < ${at.points} or lp.user_id > ${at.userId})`;
  }
  // NULLS LAST/FIRST as in the index (points is never null), or the planner would sort every row instead.
  const order = page.isNewer
    ? sql`lp.points asc nulls first, lp.user_id desc`
    : sql`lp.points desc nulls last, lp.user_id asc`;
  return sql`select lp.user_id as id, lp.points, u.username, u.display_username, u.first_name, u.last_name,
      u.email, u.image_url
    from leaderboard_points lp join users u on u.id = lp.user_id
    where ${onKey(k)} and lp.points > 0 ${keyset} and ${isRanked(k.clientId)}
    order by ${order} limit ${page.size}`;
}

/** A member's points on a board, or null without a row (never earned any there). */
export async function getMemberPoints(db: Db, k: BoardKey & { userId: string }): Promise<number | null> {
  const rows = await selectRows<{ points: number }>(
    db,
    sql`select lp.points from leaderboard_points lp where ${onKey(k)} and lp.user_id = ${k.userId}`,
  );
  return rows[0]?.points ?? null;
}

const UNRANKED_TTL_MS = 10_000;
type UnrankedByClient = LRUCache<string, { ids: string[]; expiresAt: number }>;
const unrankedCache = new WeakMap<Db, UnrankedByClient>();

/**
 * People of the client who are not ranked (deactivated, guests, applicants), cached for a few seconds: they
 * are few, and knowing them lets rank counts read the rollup index alone instead of joining every member.
 * users has no index to find them, so one lookup costs a scan of the client's users.
 */
async function findUnrankedIds(db: Db, clientId: string): Promise<string[]> {
  // Bounded like every in-process cache: one entry per client, the least recently used going first.
  const byClient: UnrankedByClient = unrankedCache.get(db) ?? new LRUCache({ max: 1_000 });
  unrankedCache.set(db, byClient);
  const hit = byClient.get(clientId);
  if (hit && hit.expiresAt > Date.now()) return hit.ids;
  const rows = await selectRows<{ id: string }>(
    db,
    sql`select u.id from users u where u.client_id = ${clientId} and not (${isRanked(clientId)})`,
  );
  const ids = rows.map((r) => r.id);
  byClient.set(clientId, { ids, expiresAt: Date.now() + UNRANKED_TTL_MS });
  return ids;
}

/**
 * count(*) of ranked members' rows matching each column's condition within `range` (a points bound, so only
 * that stretch of the rank index is read), from the index alone (see findUnrankedIds).
 */
async function countRanked(db: Db, k: BoardKey, range: SQL, columns: Record<string, SQL>) {
  const unranked = await findUnrankedIds(db, k.clientId);
  const isUnranked = unranked.length > 0 ? sql`lp.user_id in ${unranked}` : sql`false`;
  const select = sql.join(
    Object.entries(columns).map(
      ([name, where]) =>
        sql`(count(*) filter (where ${where}) - count(*) filter (where ${where} and ${isUnranked}))::int as ${sql.identifier(name)}`,
    ),
    sql`, `,
  );
  const [row] = await selectRows<Record<string, number>>(
    db,
    sql`select ${select} from leaderboard_points lp where ${onKey(k)} and lp.points > 0 and ${range}`,
  );
  return row!;
}

/**
 * Counts of ranked members ahead of a position: `above` with more points (its competition rank is
 * above + 1) and `ahead` before it in ranking order (ties with a smaller user id too).
 */
export async function countAhead(
  db: Db,
  k: BoardKey & { at: BoardPosition },
): Promise<{ above: number; ahead: number }> {
  const { at } = k;
  const row = await countRanked(db, k, sql`lp.points >= ${at.points}`, {
    above: sql`lp.points > ${at.points}`,
    ahead: sql`(lp.points > ${at.points} or (lp.points = ${at.points} and lp.user_id < ${at.userId}))`,
  });
  return { above: row.above!, ahead: row.ahead! };
}

/** The SQL of a member's points on a board and how many ranked members have more (one row: points, above). */
function standingQuery(k: BoardKey, userId: string, isRanked: boolean, unranked: string[]): SQL {
  const isUnranked = unranked.length > 0 ? sql`lp.user_id in ${unranked}` : sql`false`;
  return sql`select m.points, (select (count(*) - count(*) filter (where ${isUnranked}))::int
      from leaderboard_points lp where ${onKey(k)} and lp.points > m.bound) as above
    from (select p.points, case when ${isRanked} and p.points > 0 then p.points else 0 end as bound
      from (select coalesce((select lp.points from leaderboard_points lp
        where ${onKey(k)} and lp.user_id = ${userId}), 0)::int as points) p) m`;
}

/** A member's standing: points on the board and the ranked members with more. */
export interface Standing {
  points: number;
  above: number;
}

/**
 * A member's points on a board and how many ranked members have more, in one round trip; `isRanked` false
 * (guests, applicants) or no points count everyone with points.
 */
export async function getStanding(
  db: Db,
  k: BoardKey & { userId: string; isRanked: boolean },
): Promise<Standing> {
  const unranked = await findUnrankedIds(db, k.clientId);
  const [row] = await selectRows<Standing>(db, standingQuery(k, k.userId, k.isRanked, unranked));
  return row!;
}

/**
 * Up to `size` ranked members after (or, when `isNewer`, before) a position, in ranking order, and the viewer's
 * standing (as getStanding), in one statement: on PGlite every statement pays its planning and a round trip,
 * and this is the leaderboard's hot read.
 */
export async function findMembersPageAndStanding(
  db: Db,
  k: BoardKey & {
    page: { size: number; after?: BoardPosition; isNewer?: boolean };
    viewer: { userId: string; isRanked: boolean };
  },
): Promise<{ rows: MemberRow[]; standing: Standing }> {
  const { page, viewer } = k;
  const unranked = await findUnrankedIds(db, k.clientId);
  const order = page.isNewer ? sql`pg.points asc, pg.id desc` : sql`pg.points desc, pg.id asc`;
  const result = await selectRows<MemberRow & { my_points: number; my_above: number }>(
    db,
    sql`with s as (${standingQuery(k, viewer.userId, viewer.isRanked, unranked)}),
        pg as (${membersPageQuery(k, page)})
      select s.points as my_points, s.above as my_above, pg.* from s left join pg on true order by ${order}`,
  );
  const first = result[0]!;
  const rows = result.filter((r) => r.id !== null).map(({ my_points: _p, my_above: _a, ...row }) => row);
  return {
    rows: page.isNewer ? rows.reverse() : rows,
    standing: { points: first.my_points, above: first.my_above },
  };
}

/** A team's standing: its current ranked members' points summed, with its competition rank and order. */
export interface TeamRow {
  id: string;
  name: string;
  image_url: string | null;
  member_count: number;
  points: number;
  rank: number;
  position: number;
}

/**
 * Every team of the client with points, ranked (teams are few, so they are summed and ranked in one query):
 * ties share a rank and are ordered by name, then id.
 */
export async function findRankedTeams(db: Db, k: BoardKey): Promise<TeamRow[]> {
  return selectRows<TeamRow>(
    db,
    sql`with sums as (
        select t.id, t.name, t.image_url, count(u.id)::int as member_count,
          coalesce(sum(lp.points), 0)::int as points
        from teams t
        left join team_members tm on tm.team_id = t.id
        left join users u on u.id = tm.user_id and ${isRanked(k.clientId)}
        left join leaderboard_points lp on u.id is not null and ${onKey(k)} and lp.user_id = u.id
        where t.client_id = ${k.clientId}
        group by t.id)
      select *, (rank() over (order by points desc))::int as rank,
        (row_number() over (order by points desc, name, id))::int as position
      from sums where points > 0 order by position`,
  );
}

import type { MetricsBucket } from '@rally/shared';
import { type SQL, sql } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import { type Db, selectRows } from '../../db/client.ts';
import { ALL_PROJECTS } from '../../db/schema/index.ts';
import { visibleToMember } from '../projects/projects.repository.ts';

/**
 * Reads of My Metrics and Home. Figures come from member_daily_metrics (kept by triggers of migration 0009) and
 * ranks from leaderboard_points: a member's period is a short range of their primary key, never raw events.
 */

/** Members the comparisons count: active people of the client, neither applicants nor guests (as ranked). */
const isCounted = (clientId: string) =>
  sql`u.client_id = ${clientId} and u.is_active and not u.is_ghost and u.role <> 'APPLICANT'`;

/** Each row's metric and, for 'shares:x' and 'activities:x', its total key as well ('shares', 'activities'). */
const KEYS = sql`cross join lateral (values (d.metric), (nullif(split_part(d.metric, ':', 1), d.metric))) k(key)`;

interface PeriodQuery {
  clientId: string;
  userId: string;
  from: string;
  to: string;
}

/** The first day anything was counted for the member, or null. */
export async function findFirstDay(db: Db, q: { clientId: string; userId: string }): Promise<string | null> {
  const [row] = await selectRows<{ day: string | null }>(
    db,
    sql`select min(day)::text as day from member_daily_metrics
      where user_id = ${q.userId} and client_id = ${q.clientId}`,
  );
  return row?.day ?? null;
}

/** The member's figures per bucket and metric within the period. */
export async function findMemberSeries(db: Db, q: PeriodQuery & { bucket: MetricsBucket }) {
  return selectRows<{ start: string; metric: string; value: number }>(
    db,
    sql`select date_trunc(${q.bucket}, d.day)::date::text as start, d.metric, sum(d.value)::int as value
      from member_daily_metrics d
      where d.user_id = ${q.userId} and d.client_id = ${q.clientId} and d.day between ${q.from} and ${q.to}
      group by 1, 2`,
  );
}

/** Sums per key over the members of the member's teams, and how many they are (0: no team). */
export async function findTeamTotals(
  db: Db,
  q: PeriodQuery,
): Promise<{ members: number; totals: Record<string, number> }> {
  const rows = await selectRows<{ key: string | null; total: number }>(
    db,
    sql`with team as (
        select distinct tm.user_id from team_members tm join users u on u.id = tm.user_id
        where tm.client_id = ${q.clientId} and ${isCounted(q.clientId)}
          and tm.team_id in (select team_id from team_members where user_id = ${q.userId} and client_id = ${q.clientId})
      )
      select null as key, count(*)::int as total from team
      union all
      select k.key, sum(d.value)::int from member_daily_metrics d join team on team.user_id = d.user_id ${KEYS}
      where d.client_id = ${q.clientId} and d.day between ${q.from} and ${q.to} and k.key is not null
      group by k.key`,
  );
  const totals: Record<string, number> = {};
  let members = 0;
  for (const r of rows) {
    if (r.key === null) members = Number(r.total);
    else totals[r.key] = Number(r.total);
  }
  return { members, totals };
}

/** A client's members per key for a period: how many are counted, and the non-zero values, ascending. */
export interface ClientSpread {
  members: number;
  values: Record<string, number[]>;
}

const SPREAD_TTL_MS = 60_000;
const spreadCache = new WeakMap<Db, LRUCache<string, { spread: ClientSpread; expiresAt: number }>>();

/**
 * Every counted member's sums per key in the period (for the client median), cached a minute per client and
 * period in a bounded LRU: one read sums the client's daily rows of the period along (client_id, day).
 */
export async function findClientSpread(
  db: Db,
  q: { clientId: string; from: string; to: string },
): Promise<ClientSpread> {
  const cache = spreadCache.get(db) ?? new LRUCache({ max: 500 });
  spreadCache.set(db, cache);
  const cacheKey = `${q.clientId}:${q.from}:${q.to}`;
  const hit = cache.get(cacheKey);
  if (hit && hit.expiresAt > Date.now()) return hit.spread;
  const rows = await selectRows<{ key: string | null; vals: number[] | null; n: number }>(
    db,
    sql`with per_user as (
        select d.user_id, k.key, sum(d.value)::int as v from member_daily_metrics d ${KEYS}
        where d.client_id = ${q.clientId} and d.day between ${q.from} and ${q.to} and k.key is not null
        group by d.user_id, k.key
      )
      select null as key, null::int[] as vals, count(*)::int as n from users u where ${isCounted(q.clientId)}
      union all
      select p.key, array_agg(p.v order by p.v) filter (where p.v <> 0), 0
      from per_user p join users u on u.id = p.user_id where ${isCounted(q.clientId)}
      group by p.key`,
  );
  const spread: ClientSpread = { members: 0, values: {} };
  for (const r of rows) {
    if (r.key === null) spread.members = Number(r.n);
    else spread.values[r.key] = (r.vals ?? []).map(Number);
  }
  cache.set(cacheKey, { spread, expiresAt: Date.now() + SPREAD_TTL_MS });
  return spread;
}

const weekBoard = (clientId: string, alias: string, week: SQL) =>
  sql`${sql.identifier(alias)}.client_id = ${clientId} and ${sql.identifier(alias)}.period = 'week'
    and ${sql.identifier(alias)}.period_start = ${week} and ${sql.identifier(alias)}.project_id = ${ALL_PROJECTS}`;

/**
 * The member's points and competition rank on each week's all-projects board (rank null without points, or when
 * the member is not ranked); each week reads its stretch of the rank index.
 */
export async function findRankHistory(
  db: Db,
  q: { clientId: string; userId: string; weeks: string[]; isRanked: boolean },
) {
  if (q.weeks.length === 0) return [];
  const weeks = sql.join(
    q.weeks.map((w) => sql`(${w}::date)`),
    sql`, `,
  );
  return selectRows<{ week_start: string; points: number; rank: number | null }>(
    db,
    sql`select w.week::text as week_start, coalesce(me.points, 0)::int as points,
        case when ${q.isRanked} and me.points > 0 then 1 + (
          select count(*)::int from leaderboard_points lp join users u on u.id = lp.user_id
          where ${weekBoard(q.clientId, 'lp', sql`w.week`)} and lp.points > me.points and ${isCounted(q.clientId)}
        ) end as rank
      from (values ${weeks}) w(week)
      left join leaderboard_points me on ${weekBoard(q.clientId, 'me', sql`w.week`)} and me.user_id = ${q.userId}
      order by w.week`,
  );
}

/** Mondays of the member's weeks with points since `since`, newest first (for the streak). */
export async function findWeeksWithPoints(db: Db, q: { clientId: string; userId: string; since: string }) {
  const rows = await selectRows<{ week: string }>(
    db,
    sql`select date_trunc('week', day)::date::text as week from member_daily_metrics
      where user_id = ${q.userId} and client_id = ${q.clientId} and metric = 'points' and day >= ${q.since}
      group by 1 having sum(value) > 0 order by 1 desc`,
  );
  return rows.map((r) => r.week);
}

/** Projects not over yet. */
const runningProject = sql`(p.ends_at is null or p.ends_at > now())`;

/** Live activities of projects the member may see: started, not past due. */
const openActivity = sql`a.archived_at is null and (a.starts_at is null or a.starts_at <= now())
  and (a.due_at is null or a.due_at > now())`;

/**
 * Open activities the member has not completed or handed in for review, soonest due first, then newest; the
 * pending trainings; and the shares the member has not confirmed as posted (shared_at unset, as My Posts tells them).
 */
export async function findNextTasks(db: Db, q: { clientId: string; userId: string; limit: number }) {
  // Done, or handed in and waiting for review: nothing left for the member to do (a rejected one is theirs again).
  const notDone = sql`not exists (select 1 from participations pa
    where pa.activity_id = a.id and pa.user_id = ${q.userId} and (pa.is_complete or pa.status = 'pending'))`;
  const tasks = await selectRows<{
    id: string;
    project_id: string;
    project_name: string;
    title: string;
    type: string;
    points: number;
    due_at: Date | string | null;
  }>(
    db,
    sql`select a.id, a.project_id, p.name as project_name, a.title, a.type, a.points, a.due_at
      from activities a join projects p on p.id = a.project_id
      where a.client_id = ${q.clientId} and ${openActivity} and ${visibleToMember(q)} and ${runningProject}
        and ${notDone}
      order by a.due_at asc nulls last, a.id desc limit ${q.limit}`,
  );
  const [pending] = await selectRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from activities a join projects p on p.id = a.project_id
      where a.client_id = ${q.clientId} and a.type = 'training' and ${openActivity} and ${visibleToMember(q)}
        and ${notDone}`,
  );
  const [unconfirmed] = await selectRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from shares s join activities a on a.id = s.activity_id
      where s.user_id = ${q.userId} and s.client_id = ${q.clientId} and s.shared_at is null and a.archived_at is null`,
  );
  return {
    tasks,
    pendingTrainings: Number(pending?.n ?? 0),
    unconfirmedShares: Number(unconfirmed?.n ?? 0),
  };
}

/** The newest projects and activities the member may see, of projects not over yet, newest first. */
export async function findFresh(db: Db, q: { clientId: string; userId: string; limit: number }) {
  return selectRows<{
    kind: 'project' | 'activity';
    id: string;
    project_id: string;
    title: string;
    created_at: Date | string;
  }>(
    db,
    sql`(select 'project' as kind, p.id, p.id as project_id, p.name as title, p.created_at from projects p
        where ${visibleToMember(q)} and ${runningProject} order by p.created_at desc limit ${q.limit})
      union all
      (select 'activity', a.id, a.project_id, a.title, a.created_at
        from activities a join projects p on p.id = a.project_id
        where a.client_id = ${q.clientId} and ${openActivity} and ${visibleToMember(q)} and ${runningProject}
        order by a.created_at desc limit ${q.limit})
      order by created_at desc limit ${q.limit}`,
  );
}

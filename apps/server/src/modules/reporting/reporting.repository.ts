import type { ReportFilters, ReportName } from '@rally/shared';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, selectRows } from '../../db/client.ts';

/**
 * Reads of admin Reporting. Every figure comes from report_facts (kept by triggers of migration 0013 on the
 * ledger, shares, clicks and participations, keyed by member, day, project, activity and network) read along
 * (client_id, day), plus member_daily_metrics for active time (0009); the badges report reads badge_events along
 * (client_id, created_at) (migration 0018) and user_badges: each is already one row per member, badge and tier
 * change, so a per-day rollup keyed by member (the team filter needs the member) would hold as many rows. No raw
 * click or ledger scan per request.
 */

/** A report's resolved filters: UTC days and the optional dimensions. */
export interface ReportScope extends Omit<ReportFilters, 'from' | 'to'> {
  clientId: string;
  from: string;
  to: string;
}

/**
 * Members counted by the reports: active people of the client, neither guests nor applicants, of the team; `only`
 * narrows them to a slice (the export's chunks of members, see findMemberSortKeys).
 */
function membersCte(q: ReportScope, only: SQL = sql``): SQL {
  const team = q.team_id
    ? sql`and exists (select 1 from team_members tm where tm.user_id = u.id and tm.client_id = ${q.clientId}
        and tm.team_id = ${q.team_id})`
    : sql``;
  return sql`m as (select u.id from users u where u.client_id = ${q.clientId} and u.is_active
    and not u.is_ghost and u.role <> 'APPLICANT' ${team} ${only})`;
}

/** report_facts rows of the scope (alias f), joined to its members. */
function factsWhere(q: ReportScope): SQL {
  const parts = [sql`f.client_id = ${q.clientId}`, sql`f.day between ${q.from}::date and ${q.to}::date`];
  if (q.project_id) parts.push(sql`f.project_id = ${q.project_id}`);
  if (q.activity_type) parts.push(sql`f.activity_type = ${q.activity_type}`);
  if (q.network) parts.push(sql`f.network = ${q.network}`);
  return sql.join(parts, sql` and `);
}

const facts = (q: ReportScope) => sql`report_facts f join m on m.id = f.user_id where ${factsWhere(q)}`;

/** The display name of SPEC 6 for role USER, in SQL over users `u`. */
const displayName = sql`case when u.display_username and u.username is not null then u.username
  when coalesce(u.first_name, u.last_name) is not null then trim(concat_ws(' ', u.first_name, u.last_name))
  else coalesce(u.email, 'Unknown') end`;

/** Each report's table as one CTE `agg` with an `id` column and one column per REPORT_COLUMNS key. */
const AGGREGATES: Record<ReportName, (q: ReportScope) => SQL> = {
  participation: (q) => sql`agg as (
      select a.id::text as id, a.title as activity, p.name as project, a.type as type,
        sum(f.value)::int as completions, count(distinct f.user_id)::int as participants
      from report_facts f join m on m.id = f.user_id
        join activities a on a.id = f.activity_id join projects p on p.id = a.project_id
      where ${factsWhere(q)} and f.metric = 'completions'
      group by a.id, a.title, p.name, a.type having sum(f.value) > 0)`,
  shares: (q) => sql`agg as (
      select f.network as id, f.network as network,
        coalesce(sum(f.value) filter (where f.metric = 'shares'), 0)::int as shares,
        coalesce(sum(f.value) filter (where f.metric = 'clicks'), 0)::int as clicks,
        count(distinct f.user_id) filter (where f.metric = 'shares' and f.value > 0)::int as sharers,
        case when coalesce(sum(f.value) filter (where f.metric = 'shares'), 0) > 0
          then round(coalesce(sum(f.value) filter (where f.metric = 'clicks'), 0)::numeric
            / sum(f.value) filter (where f.metric = 'shares'), 2)::float8 else 0 end as clicks_per_share
      from ${facts(q)} and f.metric in ('shares', 'clicks') and f.network <> ''
      group by f.network)`,
  members: (q) => sql`per as (
        select f.user_id,
          coalesce(sum(f.value) filter (where f.metric = 'points'), 0)::int as points,
          coalesce(sum(f.value) filter (where f.metric = 'shares'), 0)::int as shares,
          coalesce(sum(f.value) filter (where f.metric = 'clicks'), 0)::int as clicks,
          coalesce(sum(f.value) filter (where f.metric = 'completions'), 0)::int as completions
        from ${facts(q)} group by f.user_id),
      act as (
        select d.user_id, sum(d.value)::int as seconds from member_daily_metrics d join m on m.id = d.user_id
        where d.client_id = ${q.clientId} and d.metric = 'active_seconds'
          and d.day between ${q.from}::date and ${q.to}::date group by d.user_id),
      agg as (
        select u.id::text as id, ${displayName} as member, u.email as email,
          coalesce(per.points, 0) as points, coalesce(per.shares, 0) as shares, coalesce(per.clicks, 0) as clicks,
          coalesce(per.completions, 0) as completions, coalesce(act.seconds, 0) as active_seconds
        from m join users u on u.id = m.id left join per on per.user_id = m.id left join act on act.user_id = m.id)`,
  trainings: (q) => sql`per as (
        select f.activity_id, coalesce(sum(f.value) filter (where f.metric = 'completions'), 0)::int as completions,
          count(distinct f.user_id) filter (where f.metric = 'completions' and f.value > 0)::int as completers,
          sum(f.value) filter (where f.metric = 'quiz_correct') as correct,
          sum(f.value) filter (where f.metric = 'quiz_total') as total,
          coalesce(sum(f.value) filter (where f.metric = 'training_seconds'), 0)::int as seconds
        from ${facts({ ...q, activity_type: 'training' })} group by f.activity_id),
      agg as (
        select a.id::text as id, a.title as training, p.name as project, coalesce(per.completions, 0) as completions,
          case when (select count(*) from m) > 0
            then round(100.0 * coalesce(per.completers, 0) / (select count(*) from m), 1)::float8 else 0 end
            as completion_rate,
          case when per.total > 0 then round(100.0 * per.correct / per.total, 1)::float8 end as average_score,
          coalesce(per.seconds, 0) as time_spent
        from activities a join projects p on p.id = a.project_id left join per on per.activity_id = a.id
        where a.client_id = ${q.clientId} and a.type = 'training'
          ${q.project_id ? sql`and a.project_id = ${q.project_id}` : sql``}
          and (a.archived_at is null or per.completions > 0 or per.seconds > 0))`,
  badges: (q) => sql`ev as (
        select e.badge_id, count(*) filter (where e.action = 'award')::int as awarded,
          count(*) filter (where e.action = 'revoke')::int as revoked
        from badge_events e join m on m.id = e.user_id
        where e.client_id = ${q.clientId} and ${atInRange(sql`e.created_at`, q)}
        group by e.badge_id),
      holders as (
        select ub.badge_id, count(distinct ub.user_id)::int as holders from user_badges ub join m on m.id = ub.user_id
        where ub.client_id = ${q.clientId} group by ub.badge_id),
      agg as (
        select b.id::text as id, b.name as badge, b.criterion as criterion, coalesce(ev.awarded, 0) as awarded,
          coalesce(ev.revoked, 0) as revoked, coalesce(holders.holders, 0) as holders
        from badges b left join ev on ev.badge_id = b.id left join holders on holders.badge_id = b.id
        where b.client_id = ${q.clientId} and (b.archived_at is null or ev.awarded > 0))`,
  points: (q) => sql`agg as (
      select f.project_id::text as id, p.name as project, sum(f.value)::int as points,
        count(distinct f.user_id) filter (where f.value > 0)::int as earners
      from report_facts f join m on m.id = f.user_id
        left join projects p on p.id = f.project_id and p.client_id = ${q.clientId}
      where ${factsWhere(q)} and f.metric = 'points'
      group by f.project_id, p.name having sum(f.value) <> 0)`,
};

/** A timestamp column within the scope's UTC days. */
function atInRange(col: SQL, q: ReportScope): SQL {
  return sql`${col} >= ${q.from}::date::timestamp at time zone 'UTC'
    and ${col} < (${q.to}::date + 1)::timestamp at time zone 'UTC'`;
}

export interface ReportPage {
  rows: Record<string, unknown>[];
  total: number;
  hasMore: boolean;
}

/**
 * One page of a report's table: every row of `agg` numbered in the sort order (ties by id), then the rows after
 * the cursor's row (or, with a negative limit, before it). `sort` must come from REPORT_COLUMNS (the whitelist):
 * it is written into the query as an identifier.
 */
export async function findReportRows(
  db: Db,
  q: ReportScope & { report: ReportName; sort: string; dir: 'asc' | 'desc'; limit: number; cursor?: string },
): Promise<ReportPage> {
  const isBefore = q.limit < 0 && q.cursor !== undefined;
  const size = Math.abs(q.limit);
  const order = sql`${sql.identifier(q.sort)} ${q.dir === 'asc' ? sql`asc` : sql`desc`} nulls last, id`;
  const at = q.cursor
    ? sql`(select rn from ranked where id = ${q.cursor})`
    : sql`${isBefore ? 2 ** 31 - 1 : 0}::bigint`;
  const rows = await selectRows<Record<string, unknown> & { rn: number; total: number }>(
    db,
    sql`with ${membersCte(q)}, ${AGGREGATES[q.report](q)},
      ranked as (select agg.*, row_number() over (order by ${order}) as rn, count(*) over () as total from agg)
      select * from ranked
      where ${isBefore ? sql`rn < coalesce(${at}, 0)` : sql`rn > coalesce(${at}, 0)`}
      order by rn ${isBefore ? sql`desc` : sql`asc`} limit ${size + 1}`,
  );
  const total = Number(rows[0]?.total ?? (await countReportRows(db, q)));
  const page = rows.slice(0, size);
  if (isBefore) page.reverse();
  return { rows: page, total, hasMore: rows.length > size };
}

/**
 * The members report's sort value of the next `limit` members by id after `after` (the export reads the members
 * report in such chunks, each a short statement, instead of aggregating every member for every page).
 */
export async function findMemberSortKeys(
  db: Db,
  q: ReportScope & { sort: string; after: string | null; limit: number },
): Promise<{ id: string; key: string | number | null }[]> {
  const next = sql`${q.after ? sql`and u.id > ${q.after}::uuid` : sql``} order by u.id limit ${q.limit}`;
  const ids = (await selectRows<{ id: string }>(db, sql`with ${membersCte(q, next)} select id from m`)).map(
    (r) => r.id,
  );
  if (ids.length === 0) return [];
  return selectRows<{ id: string; key: string | number | null }>(
    db,
    sql`with ${membersCte(q, sql`and u.id = any(${`{${ids.join(',')}}`}::uuid[])`)}, ${AGGREGATES.members(q)}
      select agg.id, agg.${sql.identifier(q.sort)} as key from agg order by agg.id::uuid`,
  );
}

/**
 * Ids in the order of a report's table (`sort` then id, as findReportRows numbers them), of at most `limit` of
 * the given sort values; `isText` sorts them as text (the column's collation), otherwise as numbers.
 */
export async function sortReportKeys(
  db: Db,
  q: {
    keys: { id: string; key: string | number | null }[];
    isText: boolean;
    dir: 'asc' | 'desc';
    limit: number;
  },
): Promise<string[]> {
  const rows = await selectRows<{ id: string }>(
    db,
    sql`select k.id from jsonb_to_recordset(${JSON.stringify(q.keys)}::jsonb)
        as k(id text, key ${q.isText ? sql`text` : sql`numeric`})
      order by k.key ${q.dir === 'asc' ? sql`asc` : sql`desc`} nulls last, k.id limit ${q.limit}`,
  );
  return rows.map((r) => r.id);
}

/** The members report's rows of the given members (any order). */
export async function findMemberReportRows(
  db: Db,
  q: ReportScope & { ids: string[] },
): Promise<Record<string, unknown>[]> {
  if (q.ids.length === 0) return [];
  const only = sql`and u.id = any(${`{${q.ids.join(',')}}`}::uuid[])`;
  return selectRows<Record<string, unknown>>(
    db,
    sql`with ${membersCte(q, only)}, ${AGGREGATES.members(q)} select * from agg`,
  );
}

async function countReportRows(db: Db, q: ReportScope & { report: ReportName }): Promise<number> {
  const [row] = await selectRows<{ n: number }>(
    db,
    sql`with ${membersCte(q)}, ${AGGREGATES[q.report](q)} select count(*)::int as n from agg`,
  );
  return Number(row?.n ?? 0);
}

/** What each report's chart draws, per day: the line key and the SQL of its value (over facts `f`). */
const SERIES: Record<ReportName, (q: ReportScope) => SQL> = {
  participation: (q) => sql`select f.day, f.activity_type as key, sum(f.value)::int as value
    from ${facts(q)} and f.metric = 'completions' group by 1, 2`,
  shares: (q) => sql`select f.day, f.metric as key, sum(f.value)::int as value
    from ${facts(q)} and f.metric in ('shares', 'clicks') and f.network <> '' group by 1, 2`,
  members: (q) => sql`select day, 'active_members' as key, count(distinct user_id)::int as value from (
      select f.day, f.user_id from ${facts(q)} and f.value <> 0
      union all
      select d.day, d.user_id from member_daily_metrics d join m on m.id = d.user_id
      where d.client_id = ${q.clientId} and d.metric = 'active_seconds' and d.value > 0
        and d.day between ${q.from}::date and ${q.to}::date) x group by 1`,
  trainings: (q) => sql`select f.day, 'completions' as key, sum(f.value)::int as value
    from ${facts({ ...q, activity_type: 'training' })} and f.metric = 'completions' group by 1`,
  badges: (
    q,
  ) => sql`select (e.created_at at time zone 'UTC')::date as day, 'awards' as key, count(*)::int as value
    from badge_events e join m on m.id = e.user_id
    where e.client_id = ${q.clientId} and e.action = 'award' and ${atInRange(sql`e.created_at`, q)} group by 1`,
  points: (q) => sql`select f.day, 'points' as key, sum(f.value)::int as value
    from ${facts(q)} and f.metric = 'points' group by 1`,
};

/** The chart's values: one row per day and line that has any. */
export async function findReportSeries(db: Db, q: ReportScope & { report: ReportName }) {
  return selectRows<{ day: string; key: string; value: number }>(
    db,
    sql`with ${membersCte(q)} select s.day::text as day, s.key, s.value from (${SERIES[q.report](q)}) s`,
  );
}

/** Members in scope, and members' active seconds in the range (the trainings' and members' headline). */
export async function findScopeTotals(db: Db, q: ReportScope) {
  const [row] = await selectRows<{ members: number; active_seconds: number }>(
    db,
    sql`with ${membersCte(q)} select (select count(*)::int from m) as members,
      (select coalesce(sum(d.value), 0)::int from member_daily_metrics d join m on m.id = d.user_id
        where d.client_id = ${q.clientId} and d.metric = 'active_seconds'
          and d.day between ${q.from}::date and ${q.to}::date) as active_seconds`,
  );
  return { members: Number(row?.members ?? 0), active_seconds: Number(row?.active_seconds ?? 0) };
}

/** Whether the project or team is the client's (another client's id is a 404). */
export async function isClientRow(db: Db, q: { clientId: string; table: 'projects' | 'teams'; id: string }) {
  const rows = await selectRows<{ ok: number }>(
    db,
    sql`select 1 as ok from ${sql.identifier(q.table)} where id = ${q.id} and client_id = ${q.clientId}`,
  );
  return rows.length > 0;
}

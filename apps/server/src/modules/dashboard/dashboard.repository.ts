import { type SQL, sql } from 'drizzle-orm';
import { type Db, selectRows } from '../../db/client.ts';
import type { DashboardRanges } from './dashboard.periods.ts';
import type { DashboardScope } from './dashboard.policy.ts';

/**
 * Reads of the admin Dashboard. Figures come from member_daily_metrics (dashboard-rollups.repository.ts); clicks by
 * network and top content from report_facts (the reports' rollup); the queues from indexed counts. No raw share,
 * click or ledger scan per request.
 */

/** Whose rows a read covers: the client, and the viewer's scope in it. */
export interface ScopedQuery {
  clientId: string;
  scope: DashboardScope;
}

/**
 * The members in scope as a CTE `m(id)`: active people of the client, neither guests nor applicants, and for a
 * team lead only members of their teams (team ids passed as one text parameter: Drizzle would spread an array).
 */
export function membersCte(q: ScopedQuery): SQL {
  const teams =
    q.scope.kind === 'teams'
      ? sql`and exists (select 1 from team_members tm where tm.user_id = u.id and tm.client_id = ${q.clientId}
          and tm.team_id::text = any(string_to_array(${q.scope.teamIds.join(',')}, ',')))`
      : sql``;
  return sql`m as (select u.id from users u where u.client_id = ${q.clientId} and u.is_active
    and not u.is_ghost and u.role <> 'APPLICANT' ${teams})`;
}

/** What the dashboard reads from the reports' rollup for both periods, in one pass over it. */
export interface ShareFigures {
  /** Unique clicks on members' links in each period, per network (the share's network). */
  networkClicks: { current: boolean; network: string; clicks: number }[];
  /** Activities with the most shares posted in the period, then the most unique clicks in it. */
  topContent: {
    activity_id: string;
    project_id: string;
    title: string;
    shares: number;
    clicks: number;
    /** Shares and clicks of the period before. */
    shares_prev: number;
    clicks_prev: number;
  }[];
}

/**
 * Clicks by network (both periods) and top content (this period) from report_facts (migration 0013: shares and
 * unique clicks per member, day, activity and network, kept by triggers), along report_facts (client_id, day):
 * no share or click row is read per request.
 */
export async function findShareFigures(
  db: Db,
  q: ScopedQuery & { ranges: DashboardRanges; limit: number },
): Promise<ShareFigures> {
  const r = q.ranges;
  const [row] = await selectRows<{
    network_clicks: ShareFigures['networkClicks'] | null;
    top_content: ShareFigures['topContent'] | null;
  }>(
    db,
    sql`with ${membersCte(q)},
      g as (
        select f.day >= ${r.current.from}::date as cur, f.network, f.activity_id,
          grouping(f.network) <> 0 as by_activity,
          coalesce(sum(f.value) filter (where f.metric = 'shares'), 0)::int as shares,
          coalesce(sum(f.value) filter (where f.metric = 'clicks'), 0)::int as clicks
        from report_facts f join m on m.id = f.user_id
        where f.client_id = ${q.clientId} and f.metric in ('shares', 'clicks')
          and f.day between ${r.previous.from}::date and ${r.current.to}::date
        group by grouping sets ((1, f.network), (1, f.activity_id))
      )
      select
        (select json_agg(x) from (
          select g.cur as current, g.network, g.clicks from g
          where not g.by_activity and g.network <> '' and g.clicks <> 0) x) as network_clicks,
        (select json_agg(x) from (
          select a.id as activity_id, a.project_id, a.title, g.shares, g.clicks,
            coalesce(b.shares, 0) as shares_prev, coalesce(b.clicks, 0) as clicks_prev
          from g join activities a on a.id = g.activity_id and a.client_id = ${q.clientId}
          left join g b on b.by_activity and not b.cur and b.activity_id = g.activity_id
          where g.by_activity and g.cur and (g.shares > 0 or g.clicks > 0)
          order by g.shares desc, g.clicks desc, a.title, a.id limit ${q.limit}) x) as top_content`,
  );
  return { networkClicks: row?.network_clicks ?? [], topContent: row?.top_content ?? [] };
}

/**
 * Trainings completion now and when the period began: of the (member, training) pairs of the scope — a live training
 * (started, not archived) of a project the member joined — how many are complete. "Then" counts the pairs that
 * existed before the period (joined and created before it) and the completions saved before it. Indexed reads: the
 * client's trainings (activities_client), their projects' members and each pair's participation.
 */
export async function countTrainingCompletion(db: Db, q: ScopedQuery & { since: string }) {
  const since = sql`${q.since}::date::timestamp at time zone 'UTC'`;
  const [row] = await selectRows<{
    assigned: number;
    done: number;
    assigned_then: number;
    done_then: number;
  }>(
    db,
    sql`with ${membersCte(q)},
      pairs as (
        select pm.created_at < ${since} and a.created_at < ${since}
            and (a.starts_at is null or a.starts_at < ${since}) as existed,
          pa.is_complete is true as done, pa.is_complete is true and pa.updated_at < ${since} as done_then
        from activities a
        join project_members pm on pm.project_id = a.project_id and pm.client_id = ${q.clientId}
        join m on m.id = pm.user_id
        left join participations pa on pa.activity_id = a.id and pa.user_id = pm.user_id
        where a.client_id = ${q.clientId} and a.type = 'training' and a.archived_at is null
          and (a.starts_at is null or a.starts_at <= now()))
      select count(*)::int as assigned, count(*) filter (where done)::int as done,
        count(*) filter (where existed)::int as assigned_then,
        count(*) filter (where existed and done_then)::int as done_then
      from pairs`,
  );
  return {
    assigned: Number(row?.assigned ?? 0),
    done: Number(row?.done ?? 0),
    assignedThen: Number(row?.assigned_then ?? 0),
    doneThen: Number(row?.done_then ?? 0),
  };
}
export type TrainingCompletion = Awaited<ReturnType<typeof countTrainingCompletion>>;

/** Brand Content waiting for review now, and how many were waiting when the period began. */
export async function countBrandContentWaiting(db: Db, q: ScopedQuery & { since: string }) {
  const since = sql`${q.since}::date::timestamp at time zone 'UTC'`;
  const [row] = await selectRows<{ now: number; then: number }>(
    db,
    sql`with ${membersCte(q)}
      select count(*) filter (where pa.status = 'pending')::int as now,
        count(*) filter (where pa.created_at < ${since}
          and (pa.status = 'pending' or pa.reviewed_at >= ${since}))::int as then
      from participations pa join m on m.id = pa.user_id
      join activities a on a.id = pa.activity_id and a.type = 'content_submission'
      where pa.client_id = ${q.clientId}`,
  );
  return { value: Number(row?.now ?? 0), previous: Number(row?.then ?? 0) };
}

/** Applicants waiting for a decision now, and when the period began (the queue is client-wide). */
export async function countApplicantsWaiting(db: Db, q: { clientId: string; since: string }) {
  const since = sql`${q.since}::date::timestamp at time zone 'UTC'`;
  const [row] = await selectRows<{ now: number; then: number }>(
    db,
    sql`select count(*) filter (where ap.status = 'pending')::int as now,
        count(*) filter (where ap.created_at < ${since}
          and (ap.status = 'pending' or ap.decided_at >= ${since}))::int as then
      from applicants ap where ap.client_id = ${q.clientId}`,
  );
  return { value: Number(row?.now ?? 0), previous: Number(row?.then ?? 0) };
}

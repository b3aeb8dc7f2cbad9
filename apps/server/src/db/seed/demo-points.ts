import { and, eq, ne, sql } from 'drizzle-orm';
import { uuidv7 } from 'uuidv7';
import type { Storage } from '../../lib/storage.ts';
import { type Db, selectRows } from '../client.ts';
import { clients, pointsLedger, projects, users } from '../schema/index.ts';
import { seededRandom, startOfWeekUtc } from './demo-helpers.ts';

const DAY_MS = 86_400_000;
/** Points of one award, as activities give them. */
const AWARDS = [10, 10, 15, 20, 20, 25, 30, 50];
/** This week's totals handed out down the table: repeats make ties. */
const WEEK_TOTALS = [140, 115, 90, 90, 75, 60, 60, 45, 35, 30, 30, 20, 15, 10];

type LedgerRow = typeof pointsLedger.$inferInsert;

/**
 * A points history spread over the last four months so every leaderboard period has a ranking: past awards for
 * every ranked member of Demo (those added by demo-people.ts included, found at run time), awards earlier
 * this month, and this week's totals with ties for most of them, member@demo.test placed mid-table. Only ledger
 * rows are written (sources demo:<n>, dated in the past); the rollup trigger builds the leaderboards.
 */
export async function seedDemoPoints(db: Db, _storage: Storage): Promise<void> {
  const now = Date.now();
  let source = 0;
  // Acme's points are its crew's participations (demo-activity-acme.ts), not awards of their own.
  for (const [name, seed] of [['Demo', 7]] as const) {
    const [client] = await db.select().from(clients).where(eq(clients.name, name));
    if (!client) continue;
    const people = await db
      .select({ id: users.id, email: users.email })
      .from(users)
      .where(
        and(
          eq(users.clientId, client.id),
          ne(users.role, 'APPLICANT'),
          eq(users.isActive, true),
          eq(users.isGhost, false),
        ),
      )
      .orderBy(users.email);
    const projectRows = await db
      .select({ id: projects.id, endsAt: projects.endsAt })
      .from(projects)
      .where(eq(projects.clientId, client.id));
    const projectIds = projectRows.map((p) => p.id);
    // Recent awards come from projects still running; older ones from any.
    const runningIds = projectRows.filter((p) => !p.endsAt || p.endsAt.getTime() > now).map((p) => p.id);
    const rnd = seededRandom(seed);
    const pick = <T>(xs: readonly T[]) => xs[Math.floor(rnd() * xs.length)]!;
    const award = (userId: string, points: number, at: number): LedgerRow => {
      const from = at > now - 30 * DAY_MS ? runningIds : projectIds;
      return {
        id: uuidv7(),
        clientId: client.id,
        userId,
        points,
        projectId: from.length > 0 && rnd() < 0.7 ? pick(from) : null,
        source: `demo:${++source}`,
        createdAt: new Date(Math.min(at, now - 60_000)),
      };
    };
    const monday = startOfWeekUtc(now);
    const monthStart = startOfMonth(now);
    const rows: LedgerRow[] = [];
    const member = people.find((p) => p.email === 'member@demo.test');
    const others = people.filter((p) => p !== member);
    others.forEach((p, i) => {
      // Before this month: a history of 5 to 12 awards over the last 120 days.
      const history = 5 + Math.floor(rnd() * 8);
      for (let k = 0; k < history; k++) {
        const at = now - (35 + rnd() * 85) * DAY_MS;
        rows.push(award(p.id, pick(AWARDS), Math.min(at, monthStart - 3_600_000)));
      }
      // Earlier this month (before this week), for most.
      if (monday > monthStart && rnd() < 0.8) {
        rows.push(award(p.id, pick(AWARDS), monthStart + rnd() * (monday - monthStart)));
      }
      // This week: most members, down a table with ties; one in seven sits this week out.
      if (i % 7 !== 6) {
        const total = WEEK_TOTALS[i % WEEK_TOTALS.length]!;
        const first = Math.round(total / 5) * 2;
        for (const points of [first, total - first]) {
          if (points > 0) rows.push(award(p.id, points, monday + rnd() * Math.max(now - monday, 60_000)));
        }
      }
    });
    if (rows.length > 0) await db.insert(pointsLedger).values(rows);
    if (member) await placeMidTable(db, client.id, member.id, monday, now, award);
  }
}

/** Tops member@demo.test up to the median of this week's table (a tie there), plus some history. */
async function placeMidTable(
  db: Db,
  clientId: string,
  userId: string,
  monday: number,
  now: number,
  award: (userId: string, points: number, at: number) => LedgerRow,
) {
  const weekStart = new Date(monday).toISOString().slice(0, 10);
  const table = await selectRows<{ user_id: string; points: number }>(
    db,
    sql`select user_id, points from leaderboard_points where client_id = ${clientId} and period = 'week'
      and period_start = ${weekStart} and project_id = '00000000-0000-0000-0000-000000000000' and points > 0
      order by points desc`,
  );
  const mine = table.find((r) => r.user_id === userId)?.points ?? 0;
  const others = table.filter((r) => r.user_id !== userId);
  const median = others[Math.floor(others.length / 2)]?.points ?? 30;
  const rows = [award(userId, 20, now - 50 * DAY_MS), award(userId, 25, now - 75 * DAY_MS)];
  if (median > mine) rows.push(award(userId, median - mine, monday + (now - monday) / 2));
  await db.insert(pointsLedger).values(rows);
}

const startOfMonth = (now: number) => {
  const d = new Date(now);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1);
};

// My Metrics (issue 13): an active-time history for the demo clients' members, and seeded participations dated
// on the day they were made, so the daily rollups (member_daily_metrics, migration 0009) tell months of history.
import { and, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { activeTime, participations, users } from '../schema/index.ts';
import { clientByName, seededRandom } from './demo-helpers.ts';

const DAY_MS = 86_400_000;
/** How far back the active time goes. */
const HISTORY_DAYS = 150;

const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * Active time per day over the last months: member@demo.test on most weekdays (a few minutes to most of an hour,
 * busier lately), the other members less often; the rollup trigger adds it to their daily figures.
 */
async function seedActiveTime(db: Db, name: string, seed: number) {
  const client = await clientByName(db, name);
  if (!client) return;
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
  const rnd = seededRandom(seed);
  const today = Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate());
  const rows: (typeof activeTime.$inferInsert)[] = [];
  for (const person of people) {
    const isMember = person.email === 'member@demo.test';
    const often = isMember ? 0.75 : 0.2 + rnd() * 0.4;
    for (let ago = HISTORY_DAYS; ago >= 1; ago--) {
      const day = today - ago * DAY_MS;
      const weekday = new Date(day).getUTCDay();
      const chance = weekday === 0 || weekday === 6 ? often / 3 : often;
      if (rnd() >= chance) continue;
      // Busier in the last weeks: more to do since the spring launch.
      const lately = ago < 45 ? 1.5 : 1;
      const minutes = Math.max(1, Math.round((3 + rnd() * (isMember ? 40 : 25)) * lately));
      rows.push({
        clientId: client.id,
        userId: person.id,
        day: isoDay(day),
        seconds: minutes * 60,
        lastPingAt: new Date(day + (9 + Math.floor(rnd() * 9)) * 3_600_000),
      });
    }
  }
  for (let i = 0; i < rows.length; i += 500) {
    await db
      .insert(activeTime)
      .values(rows.slice(i, i + 500))
      .onConflictDoNothing();
  }
}

/**
 * Seeded participations are written with the day they were made (created_at) but a last change of today; make
 * them last changed when they were made, so each counts on its own day.
 */
async function backdateParticipations(db: Db) {
  await db
    .update(participations)
    .set({ updatedAt: sql`${participations.createdAt}` })
    .where(
      sql`${participations.updatedAt} > ${participations.createdAt} and ${participations.reviewedAt} is null`,
    );
}

export async function seedDemoMetrics(db: Db): Promise<void> {
  await backdateParticipations(db);
  await seedActiveTime(db, 'Demo', 23);
  await seedActiveTime(db, 'Acme', 29);
}

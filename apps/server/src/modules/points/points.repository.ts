import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { pointsLedger } from '../../db/schema/index.ts';

/** One award of the append-only ledger. */
export interface PointsAward {
  clientId: string;
  userId: string;
  /** Positive to award, negative to reverse. */
  points: number;
  /** The project the points were earned in (per-project leaderboards); null or absent for other awards. */
  projectId?: string | null;
  /** The event that caused it, e.g. participation:{id}; one ledger row per client and source. */
  source: string;
}

/**
 * Awards points as an append-only ledger row, once per source event: a second award for the same source
 * changes nothing. Returns the points actually awarded by this call. The leaderboard rollups follow by trigger.
 */
export async function awardPoints(db: Db, award: PointsAward): Promise<number> {
  if (award.points === 0) return 0;
  const rows = await db
    .insert(pointsLedger)
    .values({ ...award, projectId: award.projectId ?? null })
    .onConflictDoNothing({ target: [pointsLedger.clientId, pointsLedger.source] })
    .returning({ points: pointsLedger.points });
  return rows[0]?.points ?? 0;
}

/**
 * Takes back what one award gave, as a negative ledger row with source `reversal:{source}` (the ledger is never
 * updated). Does nothing when the award does not exist or was already reversed; returns the points taken back.
 */
export async function reversePoints(db: Db, reversal: { clientId: string; source: string }): Promise<number> {
  const [award] = await db
    .select()
    .from(pointsLedger)
    .where(and(eq(pointsLedger.clientId, reversal.clientId), eq(pointsLedger.source, reversal.source)));
  if (!award) return 0;
  const taken = await awardPoints(db, {
    clientId: award.clientId,
    userId: award.userId,
    points: -award.points,
    projectId: award.projectId,
    source: `reversal:${award.source}`,
  });
  return taken === 0 ? 0 : -taken;
}

/** The member's points in all. */
export async function getPointsTotal(db: Db, q: { clientId: string; userId: string }): Promise<number> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${pointsLedger.points}), 0)` })
    .from(pointsLedger)
    .where(sql`${pointsLedger.clientId} = ${q.clientId} and ${pointsLedger.userId} = ${q.userId}`);
  return Number(row?.total ?? 0);
}

/** The award of one source event of the client, if any. */
export async function findAward(db: Db, q: { clientId: string; source: string }) {
  const [row] = await db
    .select({ userId: pointsLedger.userId, points: pointsLedger.points })
    .from(pointsLedger)
    .where(and(eq(pointsLedger.clientId, q.clientId), eq(pointsLedger.source, q.source)));
  return row;
}

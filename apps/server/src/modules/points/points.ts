import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { pointsLedger } from '../../db/schema/index.ts';

/**
 * Awards points as an append-only ledger row, once per source event: a second award for the same source
 * changes nothing. Returns the points actually awarded by this call.
 */
export async function awardPoints(
  db: Db,
  award: { clientId: string; userId: string; points: number; source: string },
): Promise<number> {
  if (award.points === 0) return 0;
  const rows = await db
    .insert(pointsLedger)
    .values(award)
    .onConflictDoNothing({ target: [pointsLedger.clientId, pointsLedger.source] })
    .returning({ points: pointsLedger.points });
  return rows[0]?.points ?? 0;
}

/** The member's points in all. */
export async function getPointsTotal(db: Db, clientId: string, userId: string): Promise<number> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${pointsLedger.points}), 0)` })
    .from(pointsLedger)
    .where(sql`${pointsLedger.clientId} = ${clientId} and ${pointsLedger.userId} = ${userId}`);
  return Number(row?.total ?? 0);
}

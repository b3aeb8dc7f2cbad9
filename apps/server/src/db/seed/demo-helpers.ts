// What several demo seed files share: the lookups by name and email, storing a generated image, a seeded random
// source, the week's start, and writing completed participations with their points.
import { and, eq } from 'drizzle-orm';
import { uuidv7 } from 'uuidv7';
import type { Storage } from '../../lib/storage.ts';
import type { Db } from '../client.ts';
import { type activities, clients, participations, pointsLedger, uploads, users } from '../schema/index.ts';
import { storeWebp } from './demo-images.ts';

/** Renders and stores a generated image (with its width copies) as an upload of the client; returns its URL. */
export async function storeImage(db: Db, storage: Storage, clientId: string, svg: string, type: string) {
  const id = uuidv7();
  const key = `${clientId}/${id}.webp`;
  const size = await storeWebp(storage, key, svg);
  await db
    .insert(uploads)
    .values({ id, clientId, type, key, contentType: 'image/webp', size, objectId: clientId });
  return `/api/files/${id}.webp`;
}

export async function clientByName(db: Db, name: string) {
  const [row] = await db.select().from(clients).where(eq(clients.name, name));
  return row!;
}
export async function userId(db: Db, clientId: string, email: string) {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.clientId, clientId), eq(users.email, email)));
  return row!.id;
}

/** A small deterministic random source (numbers in [0, 1)), so every seeded database tells the same story. */
export function seededRandom(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let x = Math.imul(s ^ (s >>> 15), 1 | s);
    x ^= x + Math.imul(x ^ (x >>> 7), 61 | x);
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

/** Monday 00:00 UTC of the week of `now`, where the weekly leaderboard starts counting. */
export function startOfWeekUtc(now: number): number {
  const d = new Date(now);
  const today = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate());
  return today - ((d.getUTCDay() + 6) % 7) * 86_400_000;
}

/**
 * Completed participations (one statement) and the points each earned (another), each on the day it was made,
 * as completing an activity writes them: the ledger's source names the participation. Used for the community's
 * shares (demo-community-shares.ts) and trainings (demo-reporting.ts). A participation already there is left as it
 * was, and earns nothing again.
 */
export async function recordCompletions(
  db: Db,
  done: {
    row: typeof participations.$inferInsert;
    activity: Pick<typeof activities.$inferSelect, 'id' | 'projectId' | 'points'>;
  }[],
): Promise<{ id: string; clientId: string; activityId: string; userId: string; createdAt: Date }[]> {
  if (done.length === 0) return [];
  const made = await db
    .insert(participations)
    .values(done.map((d) => d.row))
    .onConflictDoNothing()
    .returning({
      id: participations.id,
      clientId: participations.clientId,
      activityId: participations.activityId,
      userId: participations.userId,
      createdAt: participations.createdAt,
    });
  const activityOf = new Map(done.map((d) => [d.activity.id, d.activity]));
  const ledger = made.flatMap((p) => {
    const activity = activityOf.get(p.activityId)!;
    if (activity.points <= 0) return [];
    return [
      {
        clientId: p.clientId,
        userId: p.userId,
        points: activity.points,
        projectId: activity.projectId,
        source: `participation:${p.id}`,
        createdAt: p.createdAt,
      },
    ];
  });
  if (ledger.length > 0) await db.insert(pointsLedger).values(ledger);
  return made;
}

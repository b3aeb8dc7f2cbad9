import type { Role } from '@rally/shared';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { uuidv7 } from 'uuidv7';
import { type Db, selectRows } from '../db/client.ts';
import { ALL_PROJECTS, clientDomains, clients, pointsLedger } from '../db/schema/index.ts';
import type { TestApp } from './build-test-app.ts';
import { createUser, unique } from './factories.ts';

/** Test helpers of the leaderboards: ledger rows with chosen dates, rollup reads and the client's features. */

/** Appends one ledger row (the rollup trigger does the rest); `createdAt` defaults to now. */
export async function addPoints(
  db: Db,
  input: {
    clientId: string;
    userId: string;
    points: number;
    projectId?: string | null;
    createdAt?: Date;
    source?: string;
  },
) {
  const [row] = await db
    .insert(pointsLedger)
    .values({
      id: uuidv7(),
      clientId: input.clientId,
      userId: input.userId,
      points: input.points,
      projectId: input.projectId ?? null,
      source: input.source ?? unique('test:'),
      ...(input.createdAt ? { createdAt: input.createdAt } : {}),
    })
    .returning();
  return row!;
}

/** A member's rollup points, or null without a row. */
export async function rollupOf(
  db: Db,
  q: { clientId: string; userId: string; period: string; periodStart: string; projectId?: string },
): Promise<number | null> {
  const rows = await selectRows<{ points: number }>(
    db,
    sql`select points from leaderboard_points where client_id = ${q.clientId} and period = ${q.period}
      and period_start = ${q.periodStart} and project_id = ${q.projectId ?? ALL_PROJECTS}
      and user_id = ${q.userId}`,
  );
  return rows[0]?.points ?? null;
}

/** Sets a client's features and drops the cached tenants so the change is served at once. */
export async function setClientFeatures(app: FastifyInstance, db: Db, clientId: string, features: string[]) {
  await db.update(clients).set({ features }).where(eq(clients.id, clientId));
  app.invalidateTenants();
}

const DAY_MS = 86_400_000;

/** Monday 00:00 UTC of the current week. */
export function thisMonday(now = new Date()): Date {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return new Date(today - ((now.getUTCDay() + 6) % 7) * DAY_MS);
}

/** The 1st of the current month, 00:00 UTC. */
export function firstOfMonth(now = new Date()): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
}

/** An ISO date (YYYY-MM-DD) of a time, in UTC. */
export const isoDay = (d: Date) => d.toISOString().slice(0, 10);

/**
 * A client of its own (host `<name>.test`) with the leaderboard on, so a test's ranking holds only the
 * members it creates.
 */
export async function createBoardClient(db: Db, features = ['community', 'leaderboard']) {
  const name = unique('board');
  const [client] = await db.insert(clients).values({ name, features }).returning();
  const host = `${name}.test`;
  await db.insert(clientDomains).values({ host, clientId: client!.id });
  return { clientId: client!.id, host };
}

/** A member of a board client (named for readable failures), logged in. */
export async function createBoardMember(
  t: TestApp,
  board: { clientId: string; host: string },
  input: { firstName?: string; lastName?: string; role?: Role } = {},
) {
  const user = await createUser(t.ctx.db, { clientId: board.clientId, ...input });
  return { user, token: await t.login(user.email!, board.host) };
}

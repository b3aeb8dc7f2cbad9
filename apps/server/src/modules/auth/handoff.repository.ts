import { and, eq, lt } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { authHandoffs, users } from '../../db/schema/index.ts';

/** Stores a handoff code's hash for a member of the client, first clearing the client's run-out codes. */
export async function insertHandoff(db: Db, input: typeof authHandoffs.$inferInsert): Promise<void> {
  await db
    .delete(authHandoffs)
    .where(and(eq(authHandoffs.clientId, input.clientId), lt(authHandoffs.expiresAt, new Date())));
  await db.insert(authHandoffs).values(input);
}

/**
 * Takes the handoff with this code hash (once: it is deleted) with the state of its member; undefined when the
 * client has no such code or it ran out.
 */
export async function takeHandoff(db: Db, { clientId, codeHash }: { clientId: string; codeHash: string }) {
  const [row] = await db
    .delete(authHandoffs)
    .where(and(eq(authHandoffs.clientId, clientId), eq(authHandoffs.codeHash, codeHash)))
    .returning();
  if (!row || row.expiresAt <= new Date()) return undefined;
  const [user] = await db
    .select({
      id: users.id,
      clientId: users.clientId,
      isActive: users.isActive,
      isGhost: users.isGhost,
      emailVerifiedAt: users.emailVerifiedAt,
    })
    .from(users)
    .where(and(eq(users.clientId, clientId), eq(users.id, row.userId)));
  return user;
}

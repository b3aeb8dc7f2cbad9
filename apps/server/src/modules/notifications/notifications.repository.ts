import type { ListQuery } from '@rally/shared';
import { and, count, eq, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { clients, notificationPreferences, notifications, users } from '../../db/schema/index.ts';
import { keyset } from '../../lib/pagination.ts';

/** The signed-in user: every query here is scoped to both. */
export interface Owner {
  clientId: string;
  userId: string;
}

const actor = alias(users, 'actor');

const COLUMNS = {
  notification: notifications,
  actor: {
    id: actor.id,
    username: actor.username,
    displayUsername: actor.displayUsername,
    firstName: actor.firstName,
    lastName: actor.lastName,
    imageUrl: actor.imageUrl,
  },
};

/** A notification with its actor's display fields (null when none, deleted, or of another client). */
export type NotificationWithActor = {
  notification: typeof notifications.$inferSelect;
  actor: {
    id: string;
    username: string | null;
    displayUsername: boolean;
    firstName: string | null;
    lastName: string | null;
    imageUrl: string | null;
  } | null;
};

const mine = (o: Owner) => and(eq(notifications.clientId, o.clientId), eq(notifications.userId, o.userId));

function withActor(db: Db) {
  return db
    .select(COLUMNS)
    .from(notifications)
    .leftJoin(actor, and(eq(actor.id, notifications.actorId), eq(actor.clientId, notifications.clientId)));
}

/** One page of the owner's notifications, newest first (SPEC 7 keyset), and the unread count. */
export async function findNotifications(db: Db, input: Owner & { query: ListQuery }) {
  const { query, ...o } = input;
  const page = keyset(notifications.id, query, mine(o));
  const [rows, [unread]] = await Promise.all([
    withActor(db).where(page.where).orderBy(page.orderBy).limit(page.limit),
    db
      .select({ n: count() })
      .from(notifications)
      .where(and(mine(o), isNull(notifications.readAt))),
  ]);
  const { items, nextCursor } = page.finish(rows.map((r) => ({ ...r, id: r.notification.id })));
  return { items: items as NotificationWithActor[], unread: unread?.n ?? 0, nextCursor };
}

/** Marks one of the owner's notifications handled (and read); undefined when it is not theirs. */
export async function markHandled(
  db: Db,
  input: Owner & { id: string },
): Promise<NotificationWithActor | undefined> {
  const { id, ...o } = input;
  const now = new Date();
  const [row] = await db
    .update(notifications)
    .set({
      handledAt: now,
      readAt: sql`coalesce(${notifications.readAt}, ${now.toISOString()}::timestamptz)`,
    })
    .where(and(eq(notifications.id, id), mine(o)))
    .returning({ id: notifications.id });
  if (!row) return undefined;
  const [fresh] = await withActor(db).where(and(eq(notifications.id, row.id), mine(o)));
  return fresh as NotificationWithActor | undefined;
}

/** Marks every unread notification of the owner read; answers how many changed. */
export async function markAllRead(db: Db, o: Owner): Promise<number> {
  const rows = await db
    .update(notifications)
    .set({ readAt: new Date() })
    .where(and(mine(o), isNull(notifications.readAt)))
    .returning({ id: notifications.id });
  return rows.length;
}

/** The kinds the owner turned off for push (none until they choose). */
export async function getPushOff(db: Db, o: Owner): Promise<string[]> {
  const [row] = await db
    .select({ pushOff: notificationPreferences.pushOff })
    .from(notificationPreferences)
    .where(
      and(eq(notificationPreferences.userId, o.userId), eq(notificationPreferences.clientId, o.clientId)),
    );
  return row?.pushOff ?? [];
}

/** Replaces the kinds the owner turned off for push. */
export async function setPushOff(db: Db, input: Owner & { pushOff: string[] }): Promise<void> {
  const { pushOff, ...o } = input;
  await db
    .insert(notificationPreferences)
    .values({ userId: o.userId, clientId: o.clientId, pushOff })
    .onConflictDoUpdate({
      target: notificationPreferences.userId,
      set: { pushOff, updatedAt: new Date() },
      // A row of another client under the same user id cannot exist, but never overwrite one.
      setWhere: eq(notificationPreferences.clientId, o.clientId),
    });
}

/** The client's word for a project ("Project" unless it named them otherwise), as notifications say it. */
export async function getProjectWord(db: Db, input: { clientId: string }): Promise<string> {
  const [row] = await db
    .select({ config: clients.config })
    .from(clients)
    .where(eq(clients.id, input.clientId));
  return row?.config.project?.singular ?? 'Project';
}

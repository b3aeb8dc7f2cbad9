import type { ListQuery } from '@rally/shared';
import { and, count, eq, isNull, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { clients, notificationPreferences, notifications, users } from '../../db/schema/index.ts';
import { keyset } from '../../lib/pagination.ts';
import type { ClientWordsConfig } from './notification-texts.ts';

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

/** The client's words for project and team as its config stores them: what a text naming them says (issue 23). */
export async function getClientWords(db: Db, input: { clientId: string }): Promise<ClientWordsConfig> {
  const [row] = await db
    .select({ config: clients.config })
    .from(clients)
    .where(eq(clients.id, input.clientId));
  const config = row?.config ?? {};
  return { project: config.project ?? null, team: config.team ?? null, strings: config.strings ?? null };
}

/** What a notification says instead of the name of a member whose personal data was erased. */
export const FORMER_MEMBER = 'A former member';

/**
 * A Postgres regular expression matching any of `names` as a whole word (not inside a longer word), longest
 * first, case-insensitively with the 'gi' flags; every character but letters, digits, spaces and '_' is escaped.
 */
function namesPattern(names: readonly string[]): string | undefined {
  const list = [...new Set(names.map((n) => n.trim()).filter((n) => n.length > 0))].sort(
    (a, b) => b.length - a.length,
  );
  if (list.length === 0) return undefined;
  const escaped = list.map((n) => n.replace(/[^\p{L}\p{N}\s_]/gu, (c) => `\\${c}`));
  return `(?<![[:alnum:]_])(?:${escaped.join('|')})(?![[:alnum:]_])`;
}

/**
 * Rewrites every notification a member caused (actor_id) in the client, sent or still queued as a `notify` job,
 * so its title, body and message values say FORMER_MEMBER where they named them by any of `names` (their display
 * name, full name, username, email). The erase of their personal data runs it in its transaction; the rows stay, so
 * other people's inboxes keep their history, and the actor id stays for the anonymised avatar.
 */
export async function anonymiseActorNotifications(
  db: Db,
  { clientId, actorId, names }: { clientId: string; actorId: string; names: readonly string[] },
): Promise<void> {
  const pattern = namesPattern(names);
  if (!pattern) return;
  const scrub = (text: SQL) => sql`regexp_replace(${text}, ${pattern}, ${FORMER_MEMBER}, 'gi')`;
  // A message's values (the actor's name among them) are scrubbed alike, so no language names them either.
  const scrubMessage = (message: SQL) =>
    sql`case when jsonb_typeof(${message}->'params') = 'object' then jsonb_set(${message}, '{params}',
          (select coalesce(jsonb_object_agg(p.key, ${scrub(sql`p.value`)}), '{}'::jsonb)
           from jsonb_each_text(${message}->'params') p)) else ${message} end`;
  await db.execute(
    sql`update notifications
        set title = ${scrub(sql`title`)}, body = ${scrub(sql`body`)}, message = ${scrubMessage(sql`message`)}
        where client_id = ${clientId} and actor_id = ${actorId}
          and (title ~* ${pattern} or coalesce(body ~* ${pattern}, false) or message is not null)`,
  );
  await db.execute(
    sql`update jobs set payload = payload
          || jsonb_build_object('title', ${scrub(sql`payload->>'title'`)})
          || case when jsonb_typeof(payload->'body') = 'string'
               then jsonb_build_object('body', ${scrub(sql`payload->>'body'`)}) else '{}'::jsonb end
          || case when jsonb_typeof(payload->'message') = 'object'
               then jsonb_build_object('message', ${scrubMessage(sql`payload->'message'`)}) else '{}'::jsonb end
        where kind = 'notify' and payload->>'clientId' = ${clientId} and payload->>'actorId' = ${actorId}`,
  );
}

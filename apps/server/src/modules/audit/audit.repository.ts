import type { ListQuery } from '@rally/shared';
import { and, eq, gte, lt, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { auditLog, users } from '../../db/schema/index.ts';
import { keyset } from '../../lib/pagination.ts';

/** One audit row to write: who (userId) did what (action) to what (target), with details. */
export interface AuditInput {
  userId: string | null;
  action: string;
  target: string | null;
  data?: Record<string, unknown>;
}

/** Records an action in the client's audit log. */
export async function insertAudit(db: Db, { clientId, entry }: { clientId: string; entry: AuditInput }) {
  await db.insert(auditLog).values({ clientId, ...entry, data: entry.data ?? {} });
}

/** An audit row with its actor's and target user's name columns (null when not a user of the client). */
export interface AuditRow {
  id: string;
  action: string;
  userId: string | null;
  target: string | null;
  data: Record<string, unknown>;
  createdAt: Date;
  actor: NameColumns | null;
  targetUser: NameColumns | null;
}

export interface NameColumns {
  email: string | null;
  username: string | null;
  displayUsername: boolean;
  firstName: string | null;
  lastName: string | null;
}

/** The name columns of the actor (by user_id) or the target user (by target) as one JSON value, or null. */
function nameColumns(column: 'actor' | 'target') {
  const on = column === 'actor' ? sql`u.id = ${auditLog.userId}` : sql`u.id::text = ${auditLog.target}`;
  return sql<NameColumns | string | null>`(select json_build_object('email', u.email, 'username', u.username,
    'displayUsername', u.display_username, 'firstName', u.first_name, 'lastName', u.last_name)
    from ${users} u where ${on} and u.client_id = ${auditLog.clientId})`;
}

const parse = (v: NameColumns | string | null): NameColumns | null =>
  typeof v === 'string' ? (JSON.parse(v) as NameColumns) : v;

const DAY_MS = 86_400_000;

/** A page of the client's audit log, newest first, filtered by action, actor and UTC days (both ends included). */
export async function findAudit(
  db: Db,
  {
    clientId,
    query,
  }: { clientId: string; query: ListQuery & { action?: string; actor?: string; from?: string; to?: string } },
): Promise<{ rows: AuditRow[]; nextCursor: string | null }> {
  const conds: (SQL | undefined)[] = [eq(auditLog.clientId, clientId)];
  if (query.action) conds.push(eq(auditLog.action, query.action));
  if (query.actor) conds.push(eq(auditLog.userId, query.actor));
  if (query.from) conds.push(gte(auditLog.createdAt, new Date(`${query.from}T00:00:00Z`)));
  if (query.to) conds.push(lt(auditLog.createdAt, new Date(Date.parse(`${query.to}T00:00:00Z`) + DAY_MS)));
  const page = keyset(auditLog.id, query, and(...conds));
  const raw = await db
    .select({
      id: auditLog.id,
      action: auditLog.action,
      userId: auditLog.userId,
      target: auditLog.target,
      data: auditLog.data,
      createdAt: auditLog.createdAt,
      actor: nameColumns('actor'),
      targetUser: nameColumns('target'),
    })
    .from(auditLog)
    .where(page.where)
    .orderBy(page.orderBy)
    .limit(page.limit);
  const { items, nextCursor } = page.finish(raw);
  return {
    rows: items.map((r) => ({ ...r, actor: parse(r.actor), targetUser: parse(r.targetUser) })),
    nextCursor,
  };
}

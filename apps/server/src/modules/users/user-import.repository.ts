import type { Role } from '@rally/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { selectRows } from '../../db/client.ts';
import { teamMembers, userImportRows, users } from '../../db/schema/index.ts';

/**
 * Queries of the CSV import, the personal-data export and the erase. An import's state lives in the payload of its
 * durable job (jobs row; its id is the import id), tagged with the client id every read and write checks, and its
 * rows in user_import_rows.
 */

/** The client's teams by lower-cased name. */
export async function teamIdsByName(
  db: Db,
  { clientId }: { clientId: string },
): Promise<Map<string, string>> {
  const rows = await selectRows<{ id: string; name: string }>(
    db,
    sql`select id, name from teams where client_id = ${clientId}`,
  );
  return new Map(rows.map((r) => [r.name.trim().toLowerCase(), r.id]));
}

/** The client's accounts among these emails (lower-cased), with whether they are still only invited. */
export async function accountsByEmail(
  db: Db,
  { clientId, emails }: { clientId: string; emails: readonly string[] },
): Promise<Map<string, { id: string; invited: boolean }>> {
  if (emails.length === 0) return new Map();
  const list = sql.join(
    emails.map((e) => sql`${e}`),
    sql`, `,
  );
  const rows = await selectRows<{ id: string; email: string; invited: boolean }>(
    db,
    sql`select id, lower(email) as email, (password_hash is null and invited_at is not null) as invited
        from users where client_id = ${clientId} and lower(email) in (${list})`,
  );
  return new Map(rows.map((r) => [r.email, { id: r.id, invited: r.invited }]));
}

/** Sets the names an import gave an invited user. */
export async function setInvitedNames(
  db: Db,
  {
    clientId,
    userId,
    firstName,
    lastName,
  }: { clientId: string; userId: string; firstName: string | null; lastName: string | null },
): Promise<void> {
  await db.execute(
    sql`update ${users} set first_name = ${firstName}, last_name = ${lastName}
        where client_id = ${clientId} and id = ${userId}`,
  );
}

/**
 * The state of an import (the payload of its job; the job's id is the import's id, or for imports started before
 * their rows had a table, the payload's importId) and how its job stands; undefined for another client's.
 */
export async function getImportJob(
  db: Db,
  { clientId, id, kind }: { clientId: string; id: string; kind: string },
): Promise<
  | { id: string; payload: Record<string, unknown>; error: string | null; done: boolean; givenUp: boolean }
  | undefined
> {
  const columns = sql`id, payload, error, done_at is not null as done, (done_at is null and attempts >= 5) as "givenUp"`;
  type Row = {
    id: string;
    payload: Record<string, unknown>;
    error: string | null;
    done: boolean;
    givenUp: boolean;
  };
  const [row] = await selectRows<Row>(
    db,
    sql`select ${columns} from jobs where id = ${id} and kind = ${kind} and payload->>'clientId' = ${clientId}`,
  );
  if (row) return row;
  const [legacy] = await selectRows<Row>(
    db,
    sql`select ${columns} from jobs
        where kind = ${kind} and payload->>'importId' = ${id} and payload->>'clientId' = ${clientId}
        order by created_at desc limit 1`,
  );
  return legacy;
}

/** Replaces the state of an import (its job's payload). */
export async function saveImportJob(
  db: Db,
  { clientId, id, payload }: { clientId: string; id: string; payload: Record<string, unknown> },
): Promise<void> {
  await db.execute(
    sql`update jobs set payload = ${JSON.stringify(payload)}::jsonb
        where id = ${id} and payload->>'clientId' = ${clientId}`,
  );
}

/** A row of an import as the check left it (see userImportRows). */
export interface ImportRowRecord {
  row: number;
  email: string;
  outcome: 'pending' | 'invited' | 'skipped' | 'error';
  role: Role | null;
  teamIds: string[];
  firstName: string | null;
  lastName: string | null;
  column: string | null;
  message: string | null;
  userId: string | null;
  emailed: boolean;
}

/** Removes what an interrupted check wrote, before the check runs again. */
export async function deleteImportRows(
  db: Db,
  { clientId, importId }: { clientId: string; importId: string },
) {
  await db.execute(
    sql`delete from user_import_rows where client_id = ${clientId} and import_id = ${importId}`,
  );
}

/** Adds checked rows of an import (one statement). */
export async function insertImportRows(
  db: Db,
  { clientId, importId, rows }: { clientId: string; importId: string; rows: readonly ImportRowRecord[] },
): Promise<void> {
  if (rows.length === 0) return;
  await db.insert(userImportRows).values(rows.map((r) => ({ ...r, clientId, importId })));
}

/** The next rows still to invite, locked for the invite batch's transaction. */
export async function pendingImportRows(
  db: Db,
  { clientId, importId, limit }: { clientId: string; importId: string; limit: number },
): Promise<ImportRowRecord[]> {
  return selectRows<ImportRowRecord>(
    db,
    sql`select row, email, outcome, role, team_ids as "teamIds", first_name as "firstName", last_name as "lastName",
          "column", message, user_id as "userId", emailed
        from user_import_rows
        where client_id = ${clientId} and import_id = ${importId} and outcome = 'pending'
        order by row limit ${limit} for update`,
  );
}

/** Creates invited accounts (one statement); answers their ids by lower-cased email. */
export async function insertInvitedUsers(
  db: Db,
  {
    clientId,
    people,
  }: {
    clientId: string;
    people: readonly {
      email: string;
      role: Role;
      teamTags: string[];
      firstName: string | null;
      lastName: string | null;
    }[];
  },
): Promise<Map<string, string>> {
  if (people.length === 0) return new Map();
  const now = new Date();
  const rows = await db
    .insert(users)
    .values(people.map((p) => ({ clientId, invitedAt: now, ...p })))
    .returning({ id: users.id, email: users.email });
  return new Map(rows.map((r) => [(r.email ?? '').toLowerCase(), r.id]));
}

/** Adds team memberships (one statement). */
export async function insertTeamMemberships(
  db: Db,
  { clientId, members }: { clientId: string; members: readonly { userId: string; teamId: string }[] },
): Promise<void> {
  if (members.length === 0) return;
  await db
    .insert(teamMembers)
    .values(members.map((m) => ({ clientId, ...m })))
    .onConflictDoNothing();
}

/** Records what the invite batch did with its rows (one statement). */
export async function settleImportRows(
  db: Db,
  {
    clientId,
    importId,
    results,
  }: {
    clientId: string;
    importId: string;
    results: readonly {
      row: number;
      outcome: 'invited' | 'skipped';
      userId: string | null;
      message: string | null;
    }[];
  },
): Promise<void> {
  if (results.length === 0) return;
  const values = sql.join(
    results.map((r) => sql`(${r.row}::int, ${r.outcome}::text, ${r.userId}::uuid, ${r.message}::text)`),
    sql`, `,
  );
  await db.execute(
    sql`update user_import_rows x set outcome = v.outcome, user_id = v.user_id, message = v.message
        from (values ${values}) as v(row, outcome, user_id, message)
        where x.client_id = ${clientId} and x.import_id = ${importId} and x.row = v.row
          and x.row in (${sql.join(
            results.map((r) => sql`${r.row}::int`),
            sql`, `,
          )})`,
  );
}

/** The next invited rows whose person has not been mailed yet. */
export async function unmailedImportRows(
  db: Db,
  { clientId, importId, limit }: { clientId: string; importId: string; limit: number },
): Promise<{ row: number; email: string; userId: string }[]> {
  return selectRows(
    db,
    sql`select row, email, user_id as "userId" from user_import_rows
        where client_id = ${clientId} and import_id = ${importId} and outcome = 'invited' and not emailed
          and user_id is not null
        order by row limit ${limit}`,
  );
}

/** Marks a row's person as mailed. */
export async function markImportRowEmailed(
  db: Db,
  { clientId, importId, row }: { clientId: string; importId: string; row: number },
): Promise<void> {
  await db.execute(
    sql`update user_import_rows set emailed = true
        where client_id = ${clientId} and import_id = ${importId} and row = ${row}`,
  );
}

/** Rows of an import in file order, all or those with the given outcomes (what GET …/imports/{id} reports). */
export async function importRowsOf(
  db: Db,
  {
    clientId,
    importId,
    outcomes,
  }: { clientId: string; importId: string; outcomes?: readonly ImportRowRecord['outcome'][] },
): Promise<ImportRowRecord[]> {
  const only =
    outcomes && outcomes.length > 0
      ? sql`and outcome in (${sql.join(
          outcomes.map((o) => sql`${o}`),
          sql`, `,
        )})`
      : sql``;
  return selectRows<ImportRowRecord>(
    db,
    sql`select row, email, outcome, role, team_ids as "teamIds", first_name as "firstName", last_name as "lastName",
          "column", message, user_id as "userId", emailed
        from user_import_rows where client_id = ${clientId} and import_id = ${importId} ${only} order by row`,
  );
}

/** How many rows of an import have each outcome, and how many invited people were mailed. */
export async function importCounts(
  db: Db,
  { clientId, importId }: { clientId: string; importId: string },
): Promise<Record<ImportRowRecord['outcome'] | 'emailed', number>> {
  const [row] = await selectRows<Record<ImportRowRecord['outcome'] | 'emailed', number>>(
    db,
    sql`select count(*) filter (where outcome = 'pending')::int as pending,
          count(*) filter (where outcome = 'invited')::int as invited,
          count(*) filter (where outcome = 'skipped')::int as skipped,
          count(*) filter (where outcome = 'error')::int as error,
          count(*) filter (where outcome = 'invited' and emailed)::int as emailed
        from user_import_rows where client_id = ${clientId} and import_id = ${importId}`,
  );
  return row ?? { pending: 0, invited: 0, skipped: 0, error: 0, emailed: 0 };
}

type Json = Record<string, unknown>;
const rowsOf = (db: Db, query: ReturnType<typeof sql>) =>
  selectRows<{ r: Json }>(db, query).then((rows) => rows.map((x) => x.r));

/** Every personal record of a user of the client (the export); undefined when the user is not the client's. */
export async function personalData(db: Db, { clientId, userId }: { clientId: string; userId: string }) {
  const [profile] = await rowsOf(
    db,
    sql`select to_jsonb(u) - 'password_hash' as r from users u
        where u.client_id = ${clientId} and u.id = ${userId} and not u.is_ghost`,
  );
  if (!profile) return undefined;
  const of = (table: string, column = 'user_id') =>
    rowsOf(
      db,
      sql`select to_jsonb(x) as r from ${sql.identifier(table)} x
          where x.client_id = ${clientId} and x.${sql.identifier(column)} = ${userId} order by x.created_at, x.id`,
    );
  return {
    profile,
    teams: await rowsOf(
      db,
      sql`select jsonb_build_object('id', t.id, 'name', t.name) as r from team_members m
          join teams t on t.id = m.team_id where m.client_id = ${clientId} and m.user_id = ${userId} order by t.name`,
    ),
    participations: await of('participations'),
    shares: await of('shares'),
    posts: await of('posts', 'author_id'),
    comments: await of('comments', 'author_id'),
    chat_messages: await rowsOf(
      db,
      sql`select to_jsonb(x) - 'search' as r from chat_messages x
          where x.client_id = ${clientId} and x.author_id = ${userId} order by x.created_at, x.id`,
    ),
    points_ledger: await of('points_ledger'),
    devices: await rowsOf(
      db,
      sql`select to_jsonb(x) - 'fcm_token' as r from devices x
          where x.client_id = ${clientId} and x.user_id = ${userId} order by x.id`,
    ),
  };
}

/**
 * Locks the member's row for the erase's transaction: a notification job naming them as its actor reads that row
 * FOR SHARE in its own transaction (jobs/notify.ts), so it either commits before the erase scrubs notifications or
 * waits and then finds the actor erased.
 */
export async function lockErasable(db: Db, { clientId, userId }: { clientId: string; userId: string }) {
  await db.execute(sql`select 1 from users where id = ${userId} and client_id = ${clientId} for update`);
}

/** The user of the client to erase (not a guest), with their role and the names notifications may show. */
export async function getErasable(
  db: Db,
  { clientId, userId }: { clientId: string; userId: string },
): Promise<ErasableUser | undefined> {
  const [row] = await selectRows<ErasableUser>(
    db,
    sql`select id, role, email, username, display_username as "displayUsername", first_name as "firstName",
          last_name as "lastName"
        from users where client_id = ${clientId} and id = ${userId} and not is_ghost`,
  );
  return row;
}

export interface ErasableUser {
  id: string;
  role: Role;
  email: string | null;
  username: string | null;
  displayUsername: boolean;
  firstName: string | null;
  lastName: string | null;
}

/** The name an erased member shows with their content. */
export const ERASED_FIRST_NAME = 'Deleted';
export const ERASED_LAST_NAME = 'member';

/** An upload's row id in a file URL: `/api/files/{id}.{ext}`. */
const fileUrlOf = (uploadId: SQL) => sql`'/api/files/' || ${uploadId}::text || '.%'`;

/**
 * Removes a user's personal fields and the records that are only personal (sessions, devices, tokens, push
 * settings, their own notifications, application answers, and the rows of their personal uploads); authored
 * content and points ledger rows stay, tied to the anonymised user. Run it in a transaction; answers the storage
 * keys of the removed uploads, for the caller to delete once the transaction has committed.
 *
 * Personal uploads are the ones the user sent that are: an avatar, their current picture, a file answer of their
 * applications, or a submission file no participation of theirs refers to (e.g. an application file replaced
 * later). Files of content that stays (post, chat and submission media) are kept, and so is any upload another
 * member of the client shows as their picture.
 */
export async function erasePersonalData(
  db: Db,
  { clientId, userId }: { clientId: string; userId: string },
): Promise<string[]> {
  const files = await selectRows<{ key: string }>(
    db,
    sql`delete from uploads f
        where f.client_id = ${clientId} and f.user_id = ${userId}
          and (f.type = 'avatar'
            or exists (select 1 from users u
                       where u.client_id = ${clientId} and u.id = ${userId} and u.image_url like ${fileUrlOf(sql`f.id`)})
            or exists (select 1 from applicants a
                         cross join lateral jsonb_each_text(
                           case when jsonb_typeof(a.answers) = 'object' then a.answers else '{}'::jsonb end) e
                       where a.client_id = ${clientId} and a.user_id = ${userId}
                         and e.value like ${fileUrlOf(sql`f.id`)})
            or (f.type = 'submission' and not exists (
                  select 1 from participations p
                  where p.client_id = ${clientId} and p.user_id = ${userId} and p.data::text like '%' || f.id::text || '%')))
          and not exists (select 1 from users o
                          where o.client_id = ${clientId} and o.id <> ${userId} and o.image_url like ${fileUrlOf(sql`f.id`)})
        returning f.key`,
  );
  // Mail sent to them and the emails earlier audit rows recorded go first, while the address is still known.
  await db.execute(
    sql`delete from mail_outbox m using users u
        where u.client_id = ${clientId} and u.id = ${userId} and m.client_id = ${clientId}
          and lower(m."to") = lower(u.email)`,
  );
  await db.execute(
    sql`update audit_log set data = data - 'email' where client_id = ${clientId} and target = ${userId}`,
  );
  await db.execute(
    sql`delete from user_import_rows r using users u
        where u.client_id = ${clientId} and u.id = ${userId} and r.client_id = ${clientId}
          and (r.user_id = ${userId} or lower(r.email) = lower(u.email))`,
  );
  await db.execute(
    sql`update users set email = null, password_hash = null, username = null, display_username = false,
          first_name = ${ERASED_FIRST_NAME}, last_name = ${ERASED_LAST_NAME}, image_url = null, city = null,
          state = null, country = null, bio = null, role = 'USER', team_tags = '{}', locale = null,
          last_active_at = null, email_verified_at = null, onboarded_at = null, contract_id = null,
          contract_agreed_at = null, is_active = false, deactivated_at = coalesce(deactivated_at, now()),
          invited_at = null, updated_at = now()
        where client_id = ${clientId} and id = ${userId}`,
  );
  // The company sign-in's identities too, and the provider's SCIM name for them (their userName is usually their
  // email): a later sign-in or SCIM lookup finds no one to come back as (issue 24).
  for (const table of [
    'sessions',
    'devices',
    'email_tokens',
    'notification_preferences',
    'notifications',
    'sso_identities',
    'scim_users',
  ])
    await db.execute(
      sql`delete from ${sql.identifier(table)} where client_id = ${clientId} and user_id = ${userId}`,
    );
  await db.execute(
    sql`update applicants set answers = '{}'::jsonb, review_note = null
        where client_id = ${clientId} and user_id = ${userId}`,
  );
  return files.map((f) => f.key);
}

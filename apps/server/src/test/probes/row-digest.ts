import type { Database } from '../../db/client.ts';

/** Digests of a client's rows: the cheap way to tell that a refused call changed nothing. */

/** Per table, `count:md5` of the client's rows. */
export type Digest = Map<string, string>;

/** Reads and compares digests of one client's rows in every table that has a client_id. */
export interface RowDigester {
  digest(): Promise<Digest>;
  /** Tables whose rows differ between two digests. */
  changedTables(before: Digest, after: Digest): string[];
}

/** Tables with a client_id column, read from the catalogue so that a new table is covered without a change here. */
export async function clientTables(database: Database): Promise<string[]> {
  const { rows } = await database.rawQuery(
    `select table_name from information_schema.columns
     where table_schema = 'public' and column_name = 'client_id' order by table_name`,
  );
  return rows.map((r) => String(r.table_name));
}

/**
 * A digester of the client's rows: one query for all tables (about 12 ms on the demo data), so it can run after
 * every batch of calls.
 */
export async function createRowDigester(database: Database, clientId: string): Promise<RowDigester> {
  const tables = await clientTables(database);
  // Rows sort by their text form: not every table has an id, and the order must not depend on the plan.
  const query = tables
    .map(
      (
        t,
      ) => `select '${t}' as t, count(*) || ':' || md5(coalesce(string_agg(x::text, ',' order by x::text), '')) as h
      from "${t}" x where client_id = $1`,
    )
    .join(' union all ');
  return {
    async digest() {
      const { rows } = await database.rawQuery(query, [clientId]);
      return new Map(rows.map((r) => [String(r.t), String(r.h)]));
    },
    changedTables(before, after) {
      return tables.filter((t) => before.get(t) !== after.get(t));
    },
  };
}

/** What marks an answer or a row as the Demo client's: its row ids and the names and emails people see. */
export interface Fingerprints {
  ids: Set<string>;
  texts: string[];
}

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;

/** Collects the client's fingerprints: every row id, and the emails, names and titles of its people and things. */
export async function loadFingerprints(database: Database, clientId: string): Promise<Fingerprints> {
  const ids = new Set<string>([clientId]);
  for (const table of await clientTables(database)) {
    const { rows: cols } = await database.rawQuery(
      `select 1 from information_schema.columns where table_schema = 'public' and table_name = $1 and column_name = 'id'`,
      [table],
    );
    if (cols.length === 0) continue;
    const { rows } = await database.rawQuery(`select id::text as id from "${table}" where client_id = $1`, [
      clientId,
    ]);
    for (const r of rows) ids.add(String(r.id).toLowerCase());
  }
  const { rows } = await database.rawQuery(
    `select email as s from users where client_id = $1 and email is not null
     union select first_name || ' ' || last_name from users where client_id = $1 and first_name is not null
     union select name from teams where client_id = $1 union select name from projects where client_id = $1
     union select title from activities where client_id = $1 union select left(body, 40) from posts
       where client_id = $1 and length(body) >= 12`,
    [clientId],
  );
  return { ids, texts: rows.map((r) => String(r.s)).filter((s) => s.length >= 6) };
}

/** The Demo fingerprints found in a text (an answer body, or rows of the other client). */
export function findFingerprints(text: string, prints: Fingerprints): string[] {
  const found = new Set<string>();
  for (const m of text.matchAll(UUID)) if (prints.ids.has(m[0].toLowerCase())) found.add(m[0]);
  for (const s of prints.texts) if (text.includes(s)) found.add(JSON.stringify(s));
  return [...found];
}

/** Rows of `clientId` that name an id of the other client's fingerprints: a link across tenants. */
export async function foreignReferences(
  database: Database,
  clientId: string,
  prints: Fingerprints,
): Promise<string[]> {
  const out: string[] = [];
  for (const table of await clientTables(database)) {
    const { rows } = await database.rawQuery(`select x::text as row from "${table}" x where client_id = $1`, [
      clientId,
    ]);
    for (const r of rows) {
      const hits = [...String(r.row).matchAll(UUID)].filter((m) => prints.ids.has(m[0].toLowerCase()));
      if (hits.length > 0) out.push(`${table}: ${String(r.row).slice(0, 200)}`);
    }
  }
  return out;
}

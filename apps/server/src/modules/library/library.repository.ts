import type { UpdateCreativeRequest, UpdateTemplateRequest } from '@rally/shared';
import { and, desc, eq, ilike, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { creatives, templates } from '../../db/schema/index.ts';

export type TemplateRow = typeof templates.$inferSelect;
export type CreativeRow = typeof creatives.$inferSelect;

/** What a library list is searched by: text in the name (and a template's text), and a tag. */
export interface LibrarySearch {
  q?: string;
  tag?: string;
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Search by name (and text), and by tag. */
function searchWhere(q: LibrarySearch, cols: { name: PgColumn; tags: PgColumn; body?: PgColumn }) {
  const conds: (SQL | undefined)[] = [];
  if (q.q) {
    const like = `%${escapeLike(q.q)}%`;
    conds.push(or(ilike(cols.name, like), cols.body ? ilike(cols.body, like) : undefined));
  }
  if (q.tag) conds.push(sql`${q.tag} = any(${cols.tags})`);
  return conds;
}

/** A template of the client that is not archived, or undefined (another client's id looks like a missing one). */
export async function findTemplate(
  db: Db,
  { clientId, id }: { clientId: string; id: string },
): Promise<TemplateRow | undefined> {
  const [row] = await db
    .select()
    .from(templates)
    .where(and(eq(templates.id, id), eq(templates.clientId, clientId), isNull(templates.archivedAt)));
  return row;
}

/** The client's templates that are not archived, newest first (at most 500). */
export async function findTemplates(
  db: Db,
  { clientId, search }: { clientId: string; search: LibrarySearch },
): Promise<TemplateRow[]> {
  return db
    .select()
    .from(templates)
    .where(
      and(eq(templates.clientId, clientId), isNull(templates.archivedAt), ...searchWhere(search, templates)),
    )
    .orderBy(desc(templates.id))
    .limit(500);
}

/** Adds a template to the client's library. */
export async function insertTemplate(
  db: Db,
  {
    clientId,
    template,
  }: {
    clientId: string;
    template: { name: string; body: string; placeholders: TemplateRow['placeholders']; tags: string[] };
  },
): Promise<TemplateRow> {
  const [row] = await db
    .insert(templates)
    .values({ clientId, ...template })
    .returning();
  return row!;
}

/** Sets the fields the change carries (undefined ones stay as they are); undefined when no such template. */
export async function updateTemplate(
  db: Db,
  { clientId, id, changes }: { clientId: string; id: string; changes: UpdateTemplateRequest },
): Promise<TemplateRow | undefined> {
  // Drizzle leaves out undefined values: the fields the request omits stay as they are.
  const [row] = await db
    .update(templates)
    .set({ ...changes, updatedAt: new Date() })
    .where(and(eq(templates.id, id), eq(templates.clientId, clientId)))
    .returning();
  return row;
}

/** Archives a template: activities that use it keep showing it. */
export async function archiveTemplate(db: Db, { clientId, id }: { clientId: string; id: string }) {
  await db
    .update(templates)
    .set({ archivedAt: new Date() })
    .where(and(eq(templates.id, id), eq(templates.clientId, clientId)));
}

/** A creative of the client that is not archived, or undefined (another client's id looks like a missing one). */
export async function findCreative(
  db: Db,
  { clientId, id }: { clientId: string; id: string },
): Promise<CreativeRow | undefined> {
  const [row] = await db
    .select()
    .from(creatives)
    .where(and(eq(creatives.id, id), eq(creatives.clientId, clientId), isNull(creatives.archivedAt)));
  return row;
}

/** The client's creatives that are not archived, newest first (at most 500). */
export async function findCreatives(
  db: Db,
  { clientId, search }: { clientId: string; search: LibrarySearch },
): Promise<CreativeRow[]> {
  return db
    .select()
    .from(creatives)
    .where(
      and(eq(creatives.clientId, clientId), isNull(creatives.archivedAt), ...searchWhere(search, creatives)),
    )
    .orderBy(desc(creatives.id))
    .limit(500);
}

/** Adds a creative (an uploaded image or video) to the client's library. */
export async function insertCreative(
  db: Db,
  {
    clientId,
    creative,
  }: { clientId: string; creative: { name: string; url: string; tags: string[]; kind: 'image' | 'video' } },
): Promise<CreativeRow> {
  const [row] = await db
    .insert(creatives)
    .values({ clientId, ...creative })
    .returning();
  return row!;
}

/** Sets the fields the change carries; undefined when no such creative. */
export async function updateCreative(
  db: Db,
  {
    clientId,
    id,
    changes,
  }: { clientId: string; id: string; changes: UpdateCreativeRequest & { kind?: 'image' | 'video' } },
): Promise<CreativeRow | undefined> {
  const [row] = await db
    .update(creatives)
    .set(changes)
    .where(and(eq(creatives.id, id), eq(creatives.clientId, clientId)))
    .returning();
  return row;
}

/** Archives a creative: activities that use it keep showing it. */
export async function archiveCreative(db: Db, { clientId, id }: { clientId: string; id: string }) {
  await db
    .update(creatives)
    .set({ archivedAt: new Date() })
    .where(and(eq(creatives.id, id), eq(creatives.clientId, clientId)));
}

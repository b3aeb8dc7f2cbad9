import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { creatives, templates } from '../../db/schema/index.ts';

export type TemplateRow = typeof templates.$inferSelect;
export type CreativeRow = typeof creatives.$inferSelect;

/** Library templates and creatives of the client by id (archived ones still serve existing activities). */
export async function findLibraryItems(
  db: Db,
  q: { clientId: string; templateIds: string[]; creativeIds: string[] },
): Promise<{ templates: TemplateRow[]; creatives: CreativeRow[] }> {
  const [templateRows, creativeRows] = await Promise.all([
    q.templateIds.length
      ? db
          .select()
          .from(templates)
          .where(and(eq(templates.clientId, q.clientId), inArray(templates.id, q.templateIds)))
      : [],
    q.creativeIds.length
      ? db
          .select()
          .from(creatives)
          .where(and(eq(creatives.clientId, q.clientId), inArray(creatives.id, q.creativeIds)))
      : [],
  ]);
  return { templates: templateRows, creatives: creativeRows };
}

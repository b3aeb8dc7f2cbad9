import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { uploads } from '../../db/schema/index.ts';

/** Records a stored file. */
export async function insertUpload(db: Db, row: typeof uploads.$inferInsert): Promise<void> {
  await db.insert(uploads).values(row);
}

/** The client's upload with this id, or undefined (unknown, or another client's). */
export async function findUploadOfClient(db: Db, where: { clientId: string; id: string }) {
  const [row] = await db
    .select()
    .from(uploads)
    .where(and(eq(uploads.id, where.id), eq(uploads.clientId, where.clientId)))
    .limit(1);
  return row;
}

import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { mailOutbox } from '../../db/schema/index.ts';

/** The client's 50 newest mails of the outbox, newest first. */
export async function findRecentMails(db: Db, { clientId }: { clientId: string }) {
  return db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.clientId, clientId))
    .orderBy(desc(mailOutbox.id))
    .limit(50);
}

import { eq } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { clientDomains, clients } from '../schema/index.ts';

/**
 * Makes sure a default client exists, so that a database started without demo data (RALLY_DEMO=0) still
 * answers every host with a client instead of failing. Returns whether it created one.
 */
export async function ensureDefaultClient(db: Db): Promise<boolean> {
  const [existing] = await db
    .select({ id: clients.id })
    .from(clients)
    .where(eq(clients.isDefault, true))
    .limit(1);
  if (existing) return false;
  const [created] = await db
    .insert(clients)
    .values({
      name: 'Rally',
      isDefault: true,
      features: ['community', 'training', 'leaderboard'],
      channels: ['facebook', 'instagram', 'linkedin', 'tiktok', 'twitter'],
    })
    .returning({ id: clients.id });
  // Its links (reset, verification) need a domain of its own; an operator adds the real one.
  await db
    .insert(clientDomains)
    .values({ host: 'localhost', clientId: created!.id, isPrimary: true })
    .onConflictDoNothing();
  return true;
}

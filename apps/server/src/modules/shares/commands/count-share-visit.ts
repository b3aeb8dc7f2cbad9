import type { Db } from '../../../db/client.ts';
import { incrementShareClicks, insertShareClick } from '../shares.repository.ts';

/** Counts a visitor of a share's public page as a click, once per visitor. */
export async function countShareVisit(
  db: Db,
  input: { clientId: string; shareId: string; visitorHash: string },
): Promise<void> {
  const first = await insertShareClick(db, input);
  if (first) await incrementShareClicks(db, { clientId: input.clientId, shareId: input.shareId });
}

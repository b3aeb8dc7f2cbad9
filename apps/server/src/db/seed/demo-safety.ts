import type { Storage } from '../../lib/storage.ts';
import type { Db } from '../client.ts';

/** Brand-safety word lists and a flagged item waiting in the moderation queue (issue 4). */
export async function seedDemoSafety(_db: Db, _storage: Storage): Promise<void> {}

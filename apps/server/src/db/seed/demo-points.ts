import type { Storage } from '../../lib/storage.ts';
import type { Db } from '../client.ts';

/** A points history spread over the last months so every leaderboard period has a ranking (issue 4). */
export async function seedDemoPoints(_db: Db, _storage: Storage): Promise<void> {}

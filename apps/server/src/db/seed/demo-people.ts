import type { Storage } from '../../lib/storage.ts';
import type { Db } from '../client.ts';

/** Extra members for both demo clients, their teams, avatars and follows (issue 4). */
export async function seedDemoPeople(_db: Db, _storage: Storage): Promise<void> {}

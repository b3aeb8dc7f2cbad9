import type { Storage } from '../../lib/storage.ts';
import type { Db } from '../client.ts';

/** Feed posts with comments and reactions, a pinned announcement, team posts (issue 4). */
export async function seedDemoFeed(_db: Db, _storage: Storage): Promise<void> {}

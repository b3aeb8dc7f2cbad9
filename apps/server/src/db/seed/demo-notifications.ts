import type { Storage } from '../../lib/storage.ts';
import type { Db } from '../client.ts';

/** Notifications of every kind, some unread for member@demo.test (issue 4). */
export async function seedDemoNotifications(_db: Db, _storage: Storage): Promise<void> {}

import type { Storage } from '../../lib/storage.ts';
import type { Db } from '../client.ts';
import { seedDemoBadges } from './demo-badges.ts';
import { seedDemoChat } from './demo-chat.ts';
import { seedAcmeContent } from './demo-content-acme.ts';
import { seedDemoClientContent } from './demo-content-demo.ts';
import { seedDemoFeed } from './demo-feed.ts';
import { seedDemoNotifications } from './demo-notifications.ts';
import { seedDemoPeople } from './demo-people.ts';
import { seedDemoPoints } from './demo-points.ts';
import { seedDemoSafety } from './demo-safety.ts';

const _days = (n: number) => new Date(Date.now() + n * 86_400_000);

/** Projects, library, participation and points for the demo clients, so `npm start` shows a living app. */
export async function seedDemoContent(db: Db, storage: Storage): Promise<void> {
  await seedDemoClientContent(db, storage);
  await seedAcmeContent(db, storage);
  // Community (issue 4): people first, since the feed, points and notifications are theirs.
  await seedDemoPeople(db, storage);
  await seedDemoFeed(db, storage);
  await seedDemoPoints(db, storage);
  await seedDemoNotifications(db, storage);
  await seedDemoSafety(db, storage);
  // Chat (issue 12): after the people it is between.
  await seedDemoChat(db, storage);
  // Badges (issue 13): last, so every counter they read is there.
  await seedDemoBadges(db, storage);
}

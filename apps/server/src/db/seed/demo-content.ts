import { and, eq } from 'drizzle-orm';
import { uuidv7 } from 'uuidv7';
import type { Storage } from '../../lib/storage.ts';
import type { Db } from '../client.ts';
import { clients, uploads, users } from '../schema/index.ts';
import { seedAcmeContent } from './demo-content-acme.ts';
import { seedDemoClientContent } from './demo-content-demo.ts';
import { seedDemoFeed } from './demo-feed.ts';
import { renderWebp } from './demo-images.ts';
import { seedDemoNotifications } from './demo-notifications.ts';
import { seedDemoPeople } from './demo-people.ts';
import { seedDemoPoints } from './demo-points.ts';
import { seedDemoSafety } from './demo-safety.ts';

const _days = (n: number) => new Date(Date.now() + n * 86_400_000);

/** Renders and stores a generated image as an upload of the client; returns its URL. */
export async function storeImage(db: Db, storage: Storage, clientId: string, svg: string, type: string) {
  const id = uuidv7();
  const body = await renderWebp(svg);
  const key = `${clientId}/${id}.webp`;
  await storage.put(key, body, 'image/webp');
  await db
    .insert(uploads)
    .values({ id, clientId, type, key, contentType: 'image/webp', size: body.length, objectId: clientId });
  return `/api/files/${id}.webp`;
}

export async function clientByName(db: Db, name: string) {
  const [row] = await db.select().from(clients).where(eq(clients.name, name));
  return row!;
}
export async function userId(db: Db, clientId: string, email: string) {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.clientId, clientId), eq(users.email, email)));
  return row!.id;
}

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
}

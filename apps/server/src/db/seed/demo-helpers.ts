// What several demo seed files share: the lookups by name and email, storing a generated image, and a seeded
// random source.
import { and, eq } from 'drizzle-orm';
import { uuidv7 } from 'uuidv7';
import type { Storage } from '../../lib/storage.ts';
import type { Db } from '../client.ts';
import { clients, uploads, users } from '../schema/index.ts';
import { storeWebp } from './demo-images.ts';

/** Renders and stores a generated image (with its width copies) as an upload of the client; returns its URL. */
export async function storeImage(db: Db, storage: Storage, clientId: string, svg: string, type: string) {
  const id = uuidv7();
  const key = `${clientId}/${id}.webp`;
  const size = await storeWebp(storage, key, svg);
  await db
    .insert(uploads)
    .values({ id, clientId, type, key, contentType: 'image/webp', size, objectId: clientId });
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

/** A small deterministic random source (numbers in [0, 1)), so every seeded database tells the same story. */
export function seededRandom(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let x = Math.imul(s ^ (s >>> 15), 1 | s);
    x ^= x + Math.imul(x ^ (x >>> 7), 61 | x);
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

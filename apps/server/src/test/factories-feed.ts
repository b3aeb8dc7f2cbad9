import type { FastifyInstance } from 'fastify';
import { uuidv7 } from 'uuidv7';
import type { Db } from '../db/client.ts';
import {
  clientDomains,
  clients,
  comments,
  follows,
  jobs,
  moderationItems,
  posts,
  reactions,
} from '../db/schema/index.ts';
import { createUser, unique } from './factories.ts';

/** Row factories of the feed tests. */

/**
 * A client of its own on a host of its own (so a test owns the whole feed), with an admin and a member.
 * Log them in with `t.login(email, host)`.
 */
export async function createFeedClient(app: FastifyInstance, db: Db) {
  const [client] = await db
    .insert(clients)
    .values({ name: unique('Feed client '), features: ['community'] })
    .returning();
  const host = `${unique('feed')}.test`;
  await db.insert(clientDomains).values({ host, clientId: client!.id });
  app.invalidateTenants();
  const admin = await createUser(db, {
    clientId: client!.id,
    role: 'ADMIN',
    firstName: 'Ada',
    lastName: 'Admin',
  });
  const member = await createUser(db, { clientId: client!.id, firstName: 'Mo', lastName: 'Member' });
  return { clientId: client!.id, host, admin, member };
}

/** A published client-wide post (unless `input` says otherwise). */
export async function createPost(
  db: Db,
  input: Partial<typeof posts.$inferInsert> & { clientId: string; authorId: string },
) {
  const [row] = await db
    .insert(posts)
    .values({ id: uuidv7(), body: unique('Hello feed '), ...input })
    .returning();
  return row!;
}

/** `n` posts one after another (ascending ids); returns them oldest first. */
export async function createPosts(
  db: Db,
  n: number,
  input: Partial<typeof posts.$inferInsert> & { clientId: string; authorId: string },
) {
  const rows = [];
  for (let i = 0; i < n; i++) rows.push(await createPost(db, { ...input, body: `Post ${i}` }));
  return rows;
}

/** A post held for review, waiting in the moderation queue as the safety module leaves it. */
export async function createHeldPost(
  db: Db,
  input: Partial<typeof posts.$inferInsert> & { clientId: string; authorId: string },
) {
  const post = await createPost(db, { ...input, status: 'held' });
  await db.insert(moderationItems).values({
    clientId: input.clientId,
    targetKind: 'post',
    targetId: post.id,
    authorId: input.authorId,
    text: post.body,
    matches: ['flagged'],
    isHeld: true,
  });
  return post;
}

export async function createComment(
  db: Db,
  input: Partial<typeof comments.$inferInsert> & { clientId: string; postId: string; authorId: string },
) {
  const [row] = await db
    .insert(comments)
    .values({ id: uuidv7(), body: unique('Nice '), ...input })
    .returning();
  return row!;
}

export async function createReaction(
  db: Db,
  input: { clientId: string; postId: string; userId: string; kind?: string },
) {
  await db.insert(reactions).values({ kind: 'like', ...input });
}

/** `followerId` follows `followeeId`. */
export async function follow(db: Db, input: { clientId: string; followerId: string; followeeId: string }) {
  await db.insert(follows).values(input);
}

/** Payloads of the `notify` jobs queued so far (the notifications they will become). */
export async function queuedNotices(db: Db) {
  // In the order they were queued (ids are UUIDv7); without an order PostgreSQL may answer them in any order.
  const rows = await db.select().from(jobs).orderBy(jobs.id);
  return rows
    .filter((j) => j.kind === 'notify')
    .map(
      (j) =>
        j.payload as {
          clientId: string;
          kind: string;
          to: { users?: string[]; team?: string };
          actorId?: string;
          title: string;
          link: string;
        },
    );
}

export { createUser };

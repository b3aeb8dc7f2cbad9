import { SOCIAL_CHANNELS } from '@rally/shared';
import { asc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { uuidv7 } from 'uuidv7';
import type { AppContext } from '../context.ts';
import type { Db } from '../db/client.ts';
import {
  activities,
  badges,
  clientDomains,
  clients,
  creatives,
  mailOutbox,
  notifications,
  participations,
  pointsLedger,
  projectInvites,
  projectMembers,
  projects,
  type StoredClientConfig,
  shares,
  teamMembers,
  teams,
  templates,
  uploads,
  userBadges,
  users,
} from '../db/schema/index.ts';
import { DEMO_PASSWORD } from '../db/seed/demo.ts';
import { hashPassword } from '../lib/secrets.ts';
import { ACME_HOST, DEMO_HOST } from './build-test-app.ts';

/** Row factories and small helpers for API tests; every row is written straight through Drizzle. */

let seq = 0;
/** A short value unique within the test process, for emails and names. */
export const unique = (prefix = 'x') => `${prefix}${Date.now().toString(36)}${(seq++).toString(36)}`;

let addressSeq = 0;
/**
 * A client address of its own for a request (as `remoteAddress` of `app.inject`): login, sign-up and reset are
 * rate-limited per address, so tests that make many such calls must not share one.
 */
export function nextAddress(): string {
  const n = addressSeq++;
  return `10.0.${Math.floor(n / 250) % 250}.${(n % 250) + 1}`;
}

/** Headers of a request on a client's host, with a bearer token when given. */
export function headersFor(token?: string, host: string = DEMO_HOST): Record<string, string> {
  return token ? { host, authorization: `Bearer ${token}` } : { host };
}

/** Ids of the two demo clients: Demo (localhost) and Acme (127.0.0.1). */
export async function clientIds(db: Db): Promise<{ demo: string; acme: string }> {
  const rows = await db.select().from(clientDomains);
  const byHost = Object.fromEntries(rows.map((r) => [r.host, r.clientId]));
  return { demo: byHost[DEMO_HOST]!, acme: byHost[ACME_HOST]! };
}

/** A seeded or created user by email (case-insensitive). */
export async function userByEmail(db: Db, email: string) {
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
    .limit(1);
  if (!row) throw new Error(`No user ${email}`);
  return row;
}

// Hashing is slow on purpose (scrypt); one hash of the demo password serves every created user.
let demoHash: Promise<string> | undefined;

/** Creates a verified, active user (password DEMO_PASSWORD) of a client. */
export async function createUser(db: Db, input: Partial<typeof users.$inferInsert> & { clientId: string }) {
  demoHash ??= hashPassword(DEMO_PASSWORD);
  const [row] = await db
    .insert(users)
    .values({
      email: `${unique('user')}@example.test`,
      passwordHash: await demoHash,
      firstName: 'Test',
      lastName: 'User',
      emailVerifiedAt: new Date(),
      onboardedAt: new Date(),
      ...input,
    })
    .returning();
  return row!;
}

export async function createNotification(
  db: Db,
  input: Partial<typeof notifications.$inferInsert> & { clientId: string; userId: string },
) {
  const [row] = await db
    .insert(notifications)
    .values({ kind: 'test', title: unique('Notice '), link: '/projects', ...input })
    .returning();
  return row!;
}

/** Creates `n` notifications one after another, so their UUIDv7 ids ascend; returns them oldest first. */
export async function createNotifications(db: Db, n: number, input: { clientId: string; userId: string }) {
  const rows = [];
  for (let i = 0; i < n; i++)
    rows.push(await createNotification(db, { ...input, id: uuidv7(), title: `Notice ${i}` }));
  return rows;
}

export async function createTeam(
  db: Db,
  input: Partial<typeof teams.$inferInsert> & { clientId: string },
  memberIds: string[] = [],
) {
  const [row] = await db
    .insert(teams)
    .values({ name: unique('Team '), ...input })
    .returning();
  if (memberIds.length > 0) {
    await db
      .insert(teamMembers)
      .values(memberIds.map((userId) => ({ clientId: input.clientId, teamId: row!.id, userId })));
  }
  return row!;
}

export async function createBadge(db: Db, input: Partial<typeof badges.$inferInsert> & { clientId: string }) {
  const [row] = await db
    .insert(badges)
    .values({ name: unique('Badge '), ...input })
    .returning();
  return row!;
}

export async function awardBadge(db: Db, input: { clientId: string; badgeId: string; userId: string }) {
  await db.insert(userBadges).values(input);
}

export async function createProject(
  db: Db,
  input: Partial<typeof projects.$inferInsert> & { clientId: string },
) {
  const [row] = await db
    .insert(projects)
    .values({ id: uuidv7(), name: unique('Project '), ...input })
    .returning();
  return row!;
}

export async function joinProject(db: Db, input: { clientId: string; projectId: string; userId: string }) {
  await db.insert(projectMembers).values(input);
}

export async function createActivity(
  db: Db,
  input: Partial<typeof activities.$inferInsert> & { clientId: string; projectId: string },
) {
  const [row] = await db
    .insert(activities)
    .values({ type: 'general_participation', title: unique('Activity '), ...input })
    .returning();
  return row!;
}

export async function createParticipation(
  db: Db,
  input: Partial<typeof participations.$inferInsert> & {
    clientId: string;
    activityId: string;
    userId: string;
  },
) {
  const [row] = await db
    .insert(participations)
    .values({ isComplete: true, ...input })
    .returning();
  return row!;
}

/** Stores a file as an upload of the client and returns its public URL. */
export async function createUpload(
  ctx: AppContext,
  input: { clientId: string; userId: string; body?: Buffer; contentType?: string },
) {
  const id = uuidv7();
  const key = `${input.clientId}/${id}.webp`;
  const body = input.body ?? Buffer.from('RIFF\0\0\0\0WEBPVP8 ');
  await ctx.storage.put(key, body);
  await ctx.db.insert(uploads).values({
    id,
    clientId: input.clientId,
    userId: input.userId,
    type: 'avatar',
    objectId: input.clientId,
    key,
    contentType: input.contentType ?? 'image/webp',
    size: body.length,
  });
  return `/api/files/${id}.webp`;
}

/** Updates a client's stored config and drops the cached tenants so the change is served at once. */
export async function setClientConfig(
  app: FastifyInstance,
  db: Db,
  clientId: string,
  patch: Partial<StoredClientConfig>,
) {
  const [row] = await db.select().from(clients).where(eq(clients.id, clientId));
  await db
    .update(clients)
    .set({ config: { ...row!.config, ...patch } })
    .where(eq(clients.id, clientId));
  app.invalidateTenants();
}

/** Mails sent to an address, oldest first. */
export async function mailsTo(db: Db, to: string) {
  return db.select().from(mailOutbox).where(eq(mailOutbox.to, to)).orderBy(asc(mailOutbox.id));
}

/** The token of the `/{path}?token=…` link in the last mail to an address. */
export async function tokenFromMail(db: Db, to: string, path: 'reset' | 'verify'): Promise<string> {
  const mails = await mailsTo(db, to);
  const text = mails.at(-1)?.text ?? '';
  const match = new RegExp(`/${path}\\?token=([A-Za-z0-9_-]+)`).exec(text);
  if (!match) throw new Error(`No /${path} link in the mail to ${to}: ${text}`);
  return match[1]!;
}

/** Invites a member to an invite-only project. */
export async function inviteToProject(
  db: Db,
  input: { clientId: string; projectId: string; userId: string },
) {
  await db.insert(projectInvites).values(input);
}

/** A library post template; `body` may hold [[placeholders]]. */
export async function createTemplate(
  db: Db,
  input: Partial<typeof templates.$inferInsert> & { clientId: string },
) {
  const [row] = await db
    .insert(templates)
    .values({ name: unique('Template '), body: 'Proud to be part of the launch! #launch', ...input })
    .returning();
  return row!;
}

/** A library creative: an image unless `kind` says video. */
export async function createCreative(
  db: Db,
  input: Partial<typeof creatives.$inferInsert> & { clientId: string },
) {
  const [row] = await db
    .insert(creatives)
    .values({ name: unique('Creative '), url: `/api/files/${uuidv7()}.webp`, kind: 'image', ...input })
    .returning();
  return row!;
}

/** A member's tracked share of a social_post activity, not yet posted. */
export async function createShare(
  db: Db,
  input: Partial<typeof shares.$inferInsert> & { clientId: string; userId: string; activityId: string },
) {
  // One link per member, activity and network: without a channel, the first network not shared yet (twitter first).
  const channels = input.channel
    ? [input.channel]
    : ['twitter', ...SOCIAL_CHANNELS.filter((c) => c !== 'twitter')];
  for (const channel of channels) {
    const [row] = await db
      .insert(shares)
      .values({ text: unique('Sharing this '), ...input, channel })
      .onConflictDoNothing()
      .returning();
    if (row) return row;
  }
  throw new Error('The member already has a share of this activity on every network asked for');
}

/** The member's rows of the points ledger, oldest first. */
export async function ledgerOf(db: Db, userId: string) {
  return db.select().from(pointsLedger).where(eq(pointsLedger.userId, userId)).orderBy(asc(pointsLedger.id));
}

/** A valid 1×1 PNG, for uploads through the API. */
export const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/**
 * Uploads a file through POST /api/upload as the token's user, on the host of its client; returns the URL.
 * Sends TINY_PNG unless `body` is given.
 */
export async function uploadFile(
  app: FastifyInstance,
  token: string,
  input: { type: string; objectId: string; host?: string; body?: Buffer; fileName?: string },
): Promise<string> {
  const form = new FormData();
  form.append('type', input.type);
  form.append('objectId', input.objectId);
  form.append('file', new Blob([input.body ?? TINY_PNG]), input.fileName ?? 'image.png');
  const res = await app.inject({
    method: 'POST',
    url: '/api/upload',
    headers: headersFor(token, input.host),
    payload: form,
  });
  if (res.statusCode !== 200) throw new Error(`upload failed: ${res.statusCode} ${res.body}`);
  return res.json().url as string;
}

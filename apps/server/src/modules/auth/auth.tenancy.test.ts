import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailTokens, sessions, users } from '../../db/schema/index.ts';
import { hashToken } from '../../lib/secrets.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { clientIds, createUser } from '../../test/factories.ts';
import { revokeEmailTokens, revokeUserSessions } from '../users/credentials.repository.ts';
import { revokeSession, useEmailToken } from './auth.repository.ts';
import { resetPassword } from './commands/reset-password.ts';
import { verifyEmail } from './commands/verify-email.ts';
import { consumeEmailToken, issueEmailToken } from './email-tokens.ts';

/**
 * Every write of the auth repository and commands, called with the other client's id against a session or
 * email token of the first client, changes nothing: the client_id condition holds even when the id is known.
 */

let t: TestApp;
let ids: { demo: string; acme: string };
beforeAll(async () => {
  t = await buildTestApp();
  ids = await clientIds(t.ctx.db);
});
afterAll(() => t.close());

const demoUser = () => createUser(t.ctx.db, { clientId: ids.demo, emailVerifiedAt: null });
const tokensOf = (userId: string) =>
  t.ctx.db.select().from(emailTokens).where(eq(emailTokens.userId, userId)).orderBy(emailTokens.id);
const sessionsOf = (userId: string) =>
  t.ctx.db.select().from(sessions).where(eq(sessions.userId, userId)).orderBy(sessions.id);
const userRow = async (id: string) => (await t.ctx.db.select().from(users).where(eq(users.id, id)))[0]!;

describe('sessions with another client’s id', () => {
  it('revokeSession and revokeUserSessions leave the first client’s sessions live', async () => {
    const user = await demoUser();
    const [session] = await t.ctx.db
      .insert(sessions)
      .values({
        clientId: ids.demo,
        userId: user.id,
        tokenHash: randomUUID(),
        expiresAt: new Date(Date.now() + 60_000),
      })
      .returning();
    await revokeSession(t.ctx.db, { clientId: ids.acme, sessionId: session!.id });
    await revokeUserSessions(t.ctx.db, { clientId: ids.acme, userId: user.id });
    expect(await sessionsOf(user.id)).toEqual([session]);
  });
});

describe('email tokens with another client’s id', () => {
  it('useEmailToken, consumeEmailToken and revokeEmailTokens leave the tokens unused', async () => {
    const user = await demoUser();
    const reset = await issueEmailToken(t.ctx.db, user, 'reset');
    const verify = await issueEmailToken(t.ctx.db, user, 'verify');
    const before = await tokensOf(user.id);
    expect(
      await useEmailToken(t.ctx.db, { clientId: ids.acme, kind: 'reset', tokenHash: hashToken(reset) }),
    ).toBeNull();
    expect(
      await consumeEmailToken(t.ctx.db, { clientId: ids.acme, kind: 'verify', token: verify }),
    ).toBeNull();
    await revokeEmailTokens(t.ctx.db, { clientId: ids.acme, userId: user.id, kind: 'reset' });
    await revokeEmailTokens(t.ctx.db, { clientId: ids.acme, userId: user.id, kind: 'verify' });
    expect(await tokensOf(user.id)).toEqual(before);
  });

  it('the resetPassword and verifyEmail commands answer 400 and change nothing', async () => {
    const user = await demoUser();
    const reset = await issueEmailToken(t.ctx.db, user, 'reset');
    const verify = await issueEmailToken(t.ctx.db, user, 'verify');
    const [session] = await t.ctx.db
      .insert(sessions)
      .values({
        clientId: ids.demo,
        userId: user.id,
        tokenHash: randomUUID(),
        expiresAt: new Date(Date.now() + 60_000),
      })
      .returning();
    const before = { user: await userRow(user.id), tokens: await tokensOf(user.id) };
    await expect(
      resetPassword(t.ctx, { clientId: ids.acme, ip: '10.9.9.9' }, { token: reset, password: 'taken-over!' }),
    ).rejects.toMatchObject({ statusCode: 400, code: 'invalid_token' });
    await expect(verifyEmail(t.ctx, ids.acme, verify)).rejects.toMatchObject({
      statusCode: 400,
      code: 'invalid_token',
    });
    expect(await userRow(user.id)).toEqual(before.user);
    expect(await tokensOf(user.id)).toEqual(before.tokens);
    expect(await sessionsOf(user.id)).toEqual([session]);
    // The right client's token works, so the calls above would have changed the rows.
    expect(await verifyEmail(t.ctx, ids.demo, verify)).toBe(user.id);
  });
});

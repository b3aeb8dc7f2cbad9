import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { follows } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { clientIds, createUser } from '../../test/factories.ts';
import { queuedNotices } from '../../test/factories-feed.ts';
import { call, followUsers, memberWithToken } from '../../test/factories-people.ts';

/** Security of follows: nobody of another client can be followed or listed; malformed ids are a 400. */

let t: TestApp;
let ids: { demo: string; acme: string };
beforeAll(async () => {
  t = await buildTestApp();
  ids = await clientIds(t.ctx.db);
});
afterAll(() => t.close());

describe('follows across clients', () => {
  it("answers 404 for another client's user on every route, writes no follow and tells nobody", async () => {
    const me = await memberWithToken(t, ids.demo);
    const acmeUser = await createUser(t.ctx.db, { clientId: ids.acme });
    for (const [method, url] of [
      ['POST', `/api/users/${acmeUser.id}/follow`],
      ['DELETE', `/api/users/${acmeUser.id}/follow`],
      ['GET', `/api/users/${acmeUser.id}/followers`],
      ['GET', `/api/users/${acmeUser.id}/following`],
    ] as const) {
      expect((await call(t, method, url, me.token)).statusCode, `${method} ${url}`).toBe(404);
    }
    expect(await t.ctx.db.select().from(follows).where(eq(follows.followerId, me.user.id))).toEqual([]);
    expect((await queuedNotices(t.ctx.db)).filter((n) => n.to.users?.includes(acmeUser.id))).toEqual([]);
  });

  it('never lists a follower of another client, even when such a row exists', async () => {
    const person = await memberWithToken(t, ids.demo);
    const acmeUser = await createUser(t.ctx.db, { clientId: ids.acme });
    // A row that should never exist, written straight: the list still shows only this client's people.
    await followUsers(t.ctx.db, ids.acme, acmeUser.id, [person.user.id]);
    const res = await call(t, 'GET', `/api/users/${person.user.id}/followers`, person.token);
    expect(res.statusCode).toBe(200);
    expect(res.json().users).toEqual([]);
  });

  it('answers 400 for malformed ids and limits, and follows nobody', async () => {
    const me = await memberWithToken(t, ids.demo);
    expect((await call(t, 'POST', '/api/users/zz/follow', me.token)).statusCode).toBe(400);
    expect((await call(t, 'GET', '/api/users/zz/followers', me.token)).statusCode).toBe(400);
    const limit = await call(t, 'GET', `/api/users/${me.user.id}/following?limit=1000`, me.token);
    expect(limit.statusCode).toBe(400);
    expect((await call(t, 'POST', `/api/users/${me.user.id}/follow`, me.token)).statusCode).toBe(400);
    expect(await t.ctx.db.select().from(follows).where(eq(follows.followerId, me.user.id))).toEqual([]);
  });
});

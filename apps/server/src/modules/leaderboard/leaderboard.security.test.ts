import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { createProject, createUser, headersFor } from '../../test/factories.ts';
import { addPoints, createBoardClient, createBoardMember } from '../../test/factories-leaderboard.ts';

/**
 * Security of the leaderboards: a board holds only its client's people; another client's or an unseen project
 * is a 404; another client's user id is no cursor; members never see others' emails; malformed input is a 400.
 */

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

type Board = { clientId: string; host: string };
const get = (token: string, url: string, board: Board) =>
  t.app.inject({ url, headers: headersFor(token, board.host) });

describe('leaderboards across clients', () => {
  it("never rank another client's people, and answer 404 for another client's project", async () => {
    const [a, b] = [await createBoardClient(t.ctx.db), await createBoardClient(t.ctx.db)];
    const me = await createBoardMember(t, a);
    const foreigner = await createBoardMember(t, b, { firstName: 'Far', lastName: 'Away' });
    await addPoints(t.ctx.db, { clientId: a.clientId, userId: me.user.id, points: 5 });
    await addPoints(t.ctx.db, { clientId: b.clientId, userId: foreigner.user.id, points: 500 });
    const foreignProject = await createProject(t.ctx.db, { clientId: b.clientId });

    for (const scope of ['members', 'teams']) {
      const res = await get(me.token, `/api/leaderboard?period=all&scope=${scope}`, a);
      expect(res.statusCode).toBe(200);
      expect(res.body).not.toContain(foreigner.user.id);
    }
    for (const url of [
      `/api/leaderboard?project_id=${foreignProject.id}`,
      `/api/leaderboard/me?project_id=${foreignProject.id}`,
    ])
      expect((await get(me.token, url, a)).statusCode, url).toBe(404);
    // A user id of another client is not a position on this board.
    const cursor = await get(me.token, `/api/leaderboard?period=all&cursor=${foreigner.user.id}`, a);
    expect(cursor.statusCode).toBe(400);
  });

  it('answers 404 for an invite-only project the member was not invited to', async () => {
    const board = await createBoardClient(t.ctx.db);
    const me = await createBoardMember(t, board);
    const secret = await createProject(t.ctx.db, { clientId: board.clientId, audience: 'invite' });
    expect((await get(me.token, `/api/leaderboard?project_id=${secret.id}`, board)).statusCode).toBe(404);
  });
});

describe('what a ranking shows', () => {
  it("shows a nameless member's email to admins and leads only", async () => {
    const board = await createBoardClient(t.ctx.db);
    const viewer = await createBoardMember(t, board);
    const nameless = await createUser(t.ctx.db, {
      clientId: board.clientId,
      firstName: null,
      lastName: null,
    });
    await addPoints(t.ctx.db, { clientId: board.clientId, userId: nameless.id, points: 10 });
    const res = await get(viewer.token, '/api/leaderboard?period=all', board);
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain(nameless.email!);
    const admin = await createBoardMember(t, board, { role: 'ADMIN' });
    expect((await get(admin.token, '/api/leaderboard?period=all', board)).body).toContain(nameless.email!);
  });

  it('answers 400 (never 500) for malformed queries', async () => {
    const board = await createBoardClient(t.ctx.db);
    const me = await createBoardMember(t, board);
    for (const q of ['period=decade', 'scope=clients', 'project_id=zz', 'cursor=zz', 'limit=1000', 'limit=0'])
      expect((await get(me.token, `/api/leaderboard?${q}`, board)).statusCode, q).toBe(400);
    expect((await get(me.token, '/api/leaderboard/me?project_id=1%27', board)).statusCode).toBe(400);
  });
});

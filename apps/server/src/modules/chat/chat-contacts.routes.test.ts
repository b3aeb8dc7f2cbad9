import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { expectSessionRequired } from '../../test/expectations.ts';
import { clientIds, createTeam, createUser, setClientConfig } from '../../test/factories.ts';
import { callAs } from './chat.fixture.ts';

// Who a member may start a conversation with (GET /api/chat/contacts): the client's dm_policy, a name search, and
// pages by name.
let t: TestApp;
let ids: { demo: string; acme: string };
beforeAll(async () => {
  t = await buildTestApp();
  ids = await clientIds(t.ctx.db);
});
afterAll(() => t.close());

const member = async (input: Partial<Parameters<typeof createUser>[1]> = {}) => {
  const user = await createUser(t.ctx.db, { clientId: ids.demo, ...input });
  return { user, token: await t.login(user.email!) };
};

describe('GET /api/chat/contacts', () => {
  it('lists the people the member may message under the dm_policy, matching q, never guests or other clients', async () => {
    const a = await member();
    const teammate = await createUser(t.ctx.db, {
      clientId: ids.demo,
      firstName: 'Quilla',
      lastName: 'Mate',
    });
    await createUser(t.ctx.db, {
      clientId: ids.demo,
      firstName: 'Quilla',
      lastName: 'Stranger',
    });
    const lead = await createUser(t.ctx.db, {
      clientId: ids.demo,
      firstName: 'Quilla',
      lastName: 'Lead',
      role: 'ANALYST',
    });
    await createUser(t.ctx.db, { clientId: ids.demo, firstName: 'Quilla', lastName: 'Ghost', isGhost: true });
    await createUser(t.ctx.db, { clientId: ids.acme, firstName: 'Quilla', lastName: 'Acme' });
    await createTeam(t.ctx.db, { clientId: ids.demo }, [a.user.id, teammate.id]);
    const names = async (token: string) =>
      (await callAs(t.app, token, 'GET', '/api/chat/contacts?q=quilla')).body.people.map(
        (p: { display_name: string }) => p.display_name,
      );
    expect(await names(a.token)).toEqual(['Quilla Lead', 'Quilla Mate', 'Quilla Stranger']);
    try {
      await setClientConfig(t.app, t.ctx.db, ids.demo, { chat_dm_policy: 'teammates' });
      expect(await names(a.token)).toEqual(['Quilla Lead', 'Quilla Mate']);
      await setClientConfig(t.app, t.ctx.db, ids.demo, { chat_dm_policy: 'brand_team' });
      expect(await names(a.token)).toEqual(['Quilla Lead']);
      expect(await names(await t.login(lead.email!))).toEqual(['Quilla Mate', 'Quilla Stranger']);
    } finally {
      await setClientConfig(t.app, t.ctx.db, ids.demo, { chat_dm_policy: 'anyone' });
    }
    expect((await callAs(t.app, a.token, 'GET', `/api/chat/contacts?q=${'x'.repeat(81)}`)).status).toBe(400);
    await expectSessionRequired(t, { url: '/api/chat/contacts' });
  });

  it('pages by name with limit and cursor, each person once, people without a name last', async () => {
    const a = await member();
    const tag = `Pager${Date.now()}`;
    const named = await Promise.all(
      ['Ada', 'Bea', 'Bea', 'Cy', 'Dee'].map((first, i) =>
        createUser(t.ctx.db, { clientId: ids.demo, firstName: first, lastName: `${tag} ${i}` }),
      ),
    );
    const nameless = await createUser(t.ctx.db, {
      clientId: ids.demo,
      firstName: null,
      lastName: null,
      username: `${tag.toLowerCase()}-anon`,
    });
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const query: string = `q=${tag.toLowerCase()}&limit=2${cursor ? `&cursor=${cursor}` : ''}`;
      const page = await callAs(t.app, a.token, 'GET', `/api/chat/contacts?${query}`);
      expect(page.status, JSON.stringify(page.body)).toBe(200);
      expect(page.body.people.length).toBeLessThanOrEqual(2);
      seen.push(...page.body.people.map((p: { id: string }) => p.id));
      cursor = page.body.next_cursor;
      pages += 1;
    } while (cursor && pages < 10);
    expect(seen).toEqual([...named.map((u) => u.id), nameless.id]);
    expect(pages).toBe(3);

    for (const [query, message] of [
      ['limit=0', 'limit must be between 1 and 50'],
      ['limit=51', 'limit must be between 1 and 50'],
      ['limit=two', 'limit must be a number'],
      ['cursor=me', 'cursor must be the id of a person'],
    ] as const) {
      const res = await callAs(t.app, a.token, 'GET', `/api/chat/contacts?${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body.message).toContain(message);
    }
  });
});

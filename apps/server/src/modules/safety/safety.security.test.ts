import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { moderationItems, posts, safetyRules } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { clientIds, createUser, headersFor } from '../../test/factories.ts';
import { createPost } from '../../test/factories-feed.ts';
import { createModerationItem, createSafetyRule } from '../../test/factories-safety.ts';

/**
 * Security of brand safety: ADMIN only (an analyst learns nothing, not even a 400); another client's rule and
 * moderation item ids are 404 and change nothing; a decision never reaches another client's content.
 */

let t: TestApp;
let ids: { demo: string; acme: string };
let admin: string;
let lead: string;
beforeAll(async () => {
  t = await buildTestApp();
  ids = await clientIds(t.ctx.db);
  [admin, lead] = await Promise.all([t.login('admin@demo.test'), t.login('lead@demo.test')]);
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
const send = (token: string, method: Method, url: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: headersFor(token), payload: payload as object });
const ruleRow = async (id: string) =>
  (await t.ctx.db.select().from(safetyRules).where(eq(safetyRules.id, id)))[0]!;
const itemRow = async (id: string) =>
  (await t.ctx.db.select().from(moderationItems).where(eq(moderationItems.id, id)))[0]!;

describe('roles', () => {
  it('an analyst is refused (403) on every brand-safety route, valid input or not, and changes nothing', async () => {
    const rule = await createSafetyRule(t.ctx.db, { clientId: ids.demo });
    const item = await createModerationItem(t.ctx.db, { clientId: ids.demo, targetId: crypto.randomUUID() });
    const calls: [Method, string, unknown?][] = [
      ['GET', '/api/admin/safety/rules'],
      ['POST', '/api/admin/safety/rules', { phrase: 'anything', kind: 'allow' }],
      ['POST', '/api/admin/safety/rules', { phrase: '' }],
      ['PATCH', `/api/admin/safety/rules/${rule.id}`, { kind: 'allow' }],
      ['DELETE', `/api/admin/safety/rules/${rule.id}`],
      ['DELETE', '/api/admin/safety/rules/zz'],
      ['GET', '/api/admin/safety/settings'],
      ['PUT', '/api/admin/safety/settings', { flag_action: 'publish' }],
      ['GET', '/api/admin/safety/queue'],
      ['POST', `/api/admin/safety/queue/${item.id}/approve`],
      ['POST', `/api/admin/safety/queue/${item.id}/remove`],
    ];
    for (const [method, url, payload] of calls) {
      const res = await send(lead, method, url, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
    }
    expect(await ruleRow(rule.id)).toEqual(rule);
    expect((await itemRow(item.id)).status).toBe('pending');
  });
});

describe("another client's ids", () => {
  it('a rule of another client is 404 to change or remove, and never listed', async () => {
    const rule = await createSafetyRule(t.ctx.db, { clientId: ids.acme, phrase: 'acmesecretword' });
    expect(
      (await send(admin, 'PATCH', `/api/admin/safety/rules/${rule.id}`, { kind: 'allow' })).statusCode,
    ).toBe(404);
    expect((await send(admin, 'DELETE', `/api/admin/safety/rules/${rule.id}`)).statusCode).toBe(404);
    expect(await ruleRow(rule.id)).toEqual(rule);
    const list = await send(admin, 'GET', '/api/admin/safety/rules?limit=100&search=acmesecret');
    expect(list.json().rules).toEqual([]);
  });

  it('a moderation item of another client is 404 to decide, never listed, and its post stays as it was', async () => {
    const author = await createUser(t.ctx.db, { clientId: ids.acme });
    const post = await createPost(t.ctx.db, { clientId: ids.acme, authorId: author.id, status: 'held' });
    const item = await createModerationItem(t.ctx.db, {
      clientId: ids.acme,
      targetKind: 'post',
      targetId: post.id,
      text: 'Acme held text',
      isHeld: true,
    });
    for (const decision of ['approve', 'remove'])
      expect((await send(admin, 'POST', `/api/admin/safety/queue/${item.id}/${decision}`)).statusCode).toBe(
        404,
      );
    expect((await itemRow(item.id)).status).toBe('pending');
    const [row] = await t.ctx.db.select().from(posts).where(eq(posts.id, post.id));
    expect(row!.status).toBe('held');
    expect((await send(admin, 'GET', '/api/admin/safety/queue?limit=100')).body).not.toContain(item.id);
  });

  it("a decision on this client's item never changes another client's post its target id names", async () => {
    const author = await createUser(t.ctx.db, { clientId: ids.acme });
    const post = await createPost(t.ctx.db, { clientId: ids.acme, authorId: author.id, status: 'published' });
    const item = await createModerationItem(t.ctx.db, {
      clientId: ids.demo,
      targetKind: 'post',
      targetId: post.id,
    });
    expect((await send(admin, 'POST', `/api/admin/safety/queue/${item.id}/remove`)).statusCode).toBe(200);
    const [row] = await t.ctx.db.select().from(posts).where(eq(posts.id, post.id));
    expect(row!.status).toBe('published');
  });
});

describe('malformed input', () => {
  it('answers 400 (never 500) for malformed ids, filters and limits', async () => {
    const calls: [Method, string, unknown?][] = [
      ['POST', '/api/admin/safety/queue/zz/approve'],
      ['PATCH', '/api/admin/safety/rules/zz', { kind: 'allow' }],
      ['GET', '/api/admin/safety/queue?status=all'],
      ['GET', '/api/admin/safety/queue?limit=1000'],
      ['GET', '/api/admin/safety/rules?kind=everything'],
      ['POST', '/api/admin/safety/rules', { phrase: 'x'.repeat(10_000), kind: 'block' }],
      ['POST', '/api/admin/safety/rules', { phrase: 'ok', kind: 'nuke' }],
      ['PUT', '/api/admin/safety/settings', { flag_action: 'delete' }],
    ];
    for (const [method, url, payload] of calls) {
      const res = await send(admin, method, url, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(400);
    }
  });
});

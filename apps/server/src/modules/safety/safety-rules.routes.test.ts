import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { safetyRules } from '../../db/schema/index.ts';
import { ACME_HOST, buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { expectSessionRequired } from '../../test/expectations.ts';
import { clientIds, headersFor } from '../../test/factories.ts';
import { createSafetyRule } from '../../test/factories-safety.ts';

let t: TestApp;
let ids: { demo: string; acme: string };
let admin: string;
let lead: string;
let member: string;
let acmeAdmin: string;
beforeAll(async () => {
  t = await buildTestApp();
  ids = await clientIds(t.ctx.db);
  [admin, lead, member, acmeAdmin] = await Promise.all([
    t.login('admin@demo.test'),
    t.login('lead@demo.test'),
    t.login('member@demo.test'),
    t.login('admin@acme.test'),
  ]);
});
afterAll(() => t.close());

const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, token?: string, payload?: object) =>
  t.app.inject({ method, url, headers: headersFor(token), ...(payload ? { payload } : {}) });
const ruleCount = async () => (await t.ctx.db.select({ n: count() }).from(safetyRules))[0]!.n;
const RULES = '/api/admin/safety/rules';

describe('GET /api/admin/safety/rules', () => {
  it('answers 401 without a valid session of this client', async () => {
    await expectSessionRequired(t, { method: 'GET', url: RULES });
  });

  it('answers 400 for a bad kind, limit or cursor', async () => {
    for (const [query, message] of [
      ['kind=nope', 'kind must be block, flag or allow'],
      ['limit=0', 'limit cannot be 0'],
      ['cursor=x', 'must be a valid id'],
    ]) {
      const res = await call('GET', `${RULES}?${query}`, admin);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().message).toContain(message);
    }
  });

  it('answers 403 to a team lead and a member', async () => {
    for (const token of [lead, member]) {
      const res = await call('GET', RULES, token);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: 'You are not allowed to manage brand safety' });
    }
  });

  it("lists only the client's rules, newest first, filtered by kind and search, page by page", async () => {
    const client = ids.demo;
    await createSafetyRule(t.ctx.db, { clientId: ids.acme, phrase: 'acme only' });
    const a = await createSafetyRule(t.ctx.db, { clientId: client, phrase: 'Crème brûlée', kind: 'block' });
    const b = await createSafetyRule(t.ctx.db, { clientId: client, phrase: 'rival brand', kind: 'flag' });
    const c = await createSafetyRule(t.ctx.db, { clientId: client, phrase: 'brand new', kind: 'allow' });

    const all = (await call('GET', `${RULES}?limit=100`, admin)).json();
    expect(all.rules.map((r: { id: string }) => r.id)).toEqual(expect.arrayContaining([a.id, b.id, c.id]));
    expect(all.rules.some((r: { phrase: string }) => r.phrase === 'acme only')).toBe(false);
    expect(all.rules.find((r: { id: string }) => r.id === a.id)).toEqual({
      id: a.id,
      phrase: 'Crème brûlée',
      normalized: 'creme brulee',
      kind: 'block',
      created_at: expect.any(String),
    });

    const blocked = (await call('GET', `${RULES}?kind=block&limit=100`, admin)).json();
    expect(blocked.rules.every((r: { kind: string }) => r.kind === 'block')).toBe(true);
    const searched = (await call('GET', `${RULES}?search=CREME`, admin)).json();
    expect(searched.rules.map((r: { id: string }) => r.id)).toEqual([a.id]);
    const brand = (await call('GET', `${RULES}?search=brand&limit=1`, admin)).json();
    expect(brand).toEqual({ rules: [expect.objectContaining({ id: c.id })], next_cursor: c.id });
    const next = (await call('GET', `${RULES}?search=brand&limit=1&cursor=${c.id}`, admin)).json();
    expect(next).toEqual({ rules: [expect.objectContaining({ id: b.id })], next_cursor: null });
    const last = (await call('GET', `${RULES}?search=brand&limit=1&cursor=${b.id}`, admin)).json();
    expect(last).toEqual({ rules: [], next_cursor: null });
    const newer = (await call('GET', `${RULES}?search=brand&limit=-5&cursor=${b.id}`, admin)).json();
    expect(newer).toEqual({ rules: [expect.objectContaining({ id: c.id })], next_cursor: null });
    const none = (await call('GET', `${RULES}?search=${encodeURIComponent('%_')}`, admin)).json();
    expect(none).toEqual({ rules: [], next_cursor: null });
  });
});

describe('POST /api/admin/safety/rules', () => {
  it('answers 401 without a valid session of this client', async () => {
    await expectSessionRequired(t, { method: 'POST', url: RULES, payload: { phrase: 'x', kind: 'flag' } });
  });

  it('answers 400 naming the field for bad input, and adds nothing', async () => {
    const before = await ruleCount();
    for (const [payload, message] of [
      [{ kind: 'flag' }, 'Phrase is required'],
      [{ phrase: '   ', kind: 'flag' }, 'Phrase is required'],
      [{ phrase: 'x'.repeat(101), kind: 'flag' }, 'Phrase must be 100 characters or less'],
      [{ phrase: '!!! ???', kind: 'block' }, 'Phrase must contain letters or numbers'],
      [{ phrase: 'fine', kind: 'ban' }, 'kind must be block, flag or allow'],
    ] as const) {
      const res = await call('POST', RULES, admin, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message).toContain(message);
    }
    expect(await ruleCount()).toBe(before);
  });

  it('answers 403 to a team lead and a member, and adds nothing', async () => {
    const before = await ruleCount();
    for (const token of [lead, member]) {
      expect((await call('POST', RULES, token, { phrase: 'x' })).statusCode).toBe(403);
    }
    expect(await ruleCount()).toBe(before);
  });

  it('adds a rule for the admin’s own client, trimmed and normalised', async () => {
    const res = await call('POST', RULES, admin, { phrase: '  Guaranteed   Returns ', kind: 'block' });
    expect(res.statusCode).toBe(201);
    const { rule } = res.json();
    expect(rule).toMatchObject({
      phrase: 'Guaranteed   Returns',
      normalized: 'guaranteed returns',
      kind: 'block',
    });
    const [row] = await t.ctx.db.select().from(safetyRules).where(eq(safetyRules.id, rule.id));
    expect(row).toMatchObject({ clientId: ids.demo, kind: 'block' });
    // Another client may hold the same phrase.
    const acme = await t.app.inject({
      method: 'POST',
      url: RULES,
      headers: headersFor(acmeAdmin, ACME_HOST),
      payload: { phrase: 'guaranteed returns', kind: 'flag' },
    });
    expect(acme.statusCode).toBe(201);
  });

  it('answers 409 naming the phrase already on a list, whatever its case or accents', async () => {
    await createSafetyRule(t.ctx.db, { clientId: ids.demo, phrase: 'Café Noir', kind: 'flag' });
    const before = await ruleCount();
    const res = await call('POST', RULES, admin, { phrase: 'CAFE-noir', kind: 'block' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      message: '"Café Noir" is already on the flagged list',
      code: 'duplicate_rule',
    });
    expect(await ruleCount()).toBe(before);
  });
});

describe('PATCH /api/admin/safety/rules/:id', () => {
  it('answers 401 without a valid session of this client', async () => {
    const rule = await createSafetyRule(t.ctx.db, { clientId: ids.demo });
    await expectSessionRequired(t, {
      method: 'PATCH',
      url: `${RULES}/${rule.id}`,
      payload: { kind: 'block' },
    });
  });

  it('answers 400 for a bad id or body, and changes nothing', async () => {
    const rule = await createSafetyRule(t.ctx.db, { clientId: ids.demo, kind: 'flag' });
    for (const [url, payload, message] of [
      [`${RULES}/nope`, { kind: 'block' }, 'id must be a rule id'],
      [`${RULES}/${rule.id}`, {}, 'Give a phrase or a kind to change'],
      [`${RULES}/${rule.id}`, { phrase: '' }, 'Phrase is required'],
      [`${RULES}/${rule.id}`, { kind: 'nope' }, 'kind must be block, flag or allow'],
    ] as const) {
      const res = await call('PATCH', url, admin, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message).toContain(message);
    }
    const [row] = await t.ctx.db.select().from(safetyRules).where(eq(safetyRules.id, rule.id));
    expect(row).toEqual(rule);
  });

  it('answers 403 to a team lead and a member', async () => {
    const rule = await createSafetyRule(t.ctx.db, { clientId: ids.demo });
    for (const token of [lead, member]) {
      expect((await call('PATCH', `${RULES}/${rule.id}`, token, { kind: 'block' })).statusCode).toBe(403);
    }
  });

  it("answers 404 for another client's rule and an unknown one", async () => {
    const rule = await createSafetyRule(t.ctx.db, { clientId: ids.acme });
    const res = await call('PATCH', `${RULES}/${rule.id}`, admin, { kind: 'block' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Rule not found' });
    const [row] = await t.ctx.db.select().from(safetyRules).where(eq(safetyRules.id, rule.id));
    expect(row!.kind).toBe('flag');
  });

  it('changes the phrase or the kind; 409 when the new phrase is another rule’s', async () => {
    const rule = await createSafetyRule(t.ctx.db, { clientId: ids.demo, phrase: 'old phrase', kind: 'flag' });
    await createSafetyRule(t.ctx.db, { clientId: ids.demo, phrase: 'Taken Phrase', kind: 'allow' });
    const kind = await call('PATCH', `${RULES}/${rule.id}`, admin, { kind: 'block' });
    expect(kind.json().rule).toMatchObject({ phrase: 'old phrase', kind: 'block' });
    const same = await call('PATCH', `${RULES}/${rule.id}`, admin, { phrase: 'OLD phrase' });
    expect(same.json().rule).toMatchObject({ phrase: 'OLD phrase', normalized: 'old phrase' });
    const taken = await call('PATCH', `${RULES}/${rule.id}`, admin, { phrase: 'taken phrase!' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe('"Taken Phrase" is already on the allowed list');
    const renamed = await call('PATCH', `${RULES}/${rule.id}`, admin, { phrase: 'new phrase' });
    expect(renamed.json().rule).toMatchObject({
      phrase: 'new phrase',
      normalized: 'new phrase',
      kind: 'block',
    });
  });
});

describe('DELETE /api/admin/safety/rules/:id', () => {
  it('answers 401 without a valid session of this client', async () => {
    const rule = await createSafetyRule(t.ctx.db, { clientId: ids.demo });
    await expectSessionRequired(t, { method: 'DELETE', url: `${RULES}/${rule.id}` });
  });

  it('answers 400 for a bad id', async () => {
    const res = await call('DELETE', `${RULES}/123`, admin);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('id must be a rule id');
  });

  it("answers 403 to a lead and a member, 404 for another client's rule; nothing deleted", async () => {
    const ours = await createSafetyRule(t.ctx.db, { clientId: ids.demo });
    const theirs = await createSafetyRule(t.ctx.db, { clientId: ids.acme });
    for (const token of [lead, member]) {
      expect((await call('DELETE', `${RULES}/${ours.id}`, token)).statusCode).toBe(403);
    }
    expect((await call('DELETE', `${RULES}/${theirs.id}`, admin)).statusCode).toBe(404);
    const left = await t.ctx.db.select().from(safetyRules);
    expect(left.map((r) => r.id)).toEqual(expect.arrayContaining([ours.id, theirs.id]));
  });

  it('deletes the rule; a second delete answers 404', async () => {
    const rule = await createSafetyRule(t.ctx.db, { clientId: ids.demo });
    const res = await call('DELETE', `${RULES}/${rule.id}`, admin);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    expect(await t.ctx.db.select().from(safetyRules).where(eq(safetyRules.id, rule.id))).toEqual([]);
    expect((await call('DELETE', `${RULES}/${rule.id}`, admin)).statusCode).toBe(404);
  });
});

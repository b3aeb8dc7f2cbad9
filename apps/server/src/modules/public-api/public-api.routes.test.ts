import { API_KEY_RATE_PER_MINUTE } from '@rally/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { apiKeys, auditLog, participations, projects, users } from '../../db/schema/index.ts';
import { hashToken } from '../../lib/secrets.ts';
import { ACME_HOST, buildTestApp, DEMO_HOST, type TestApp } from '../../test/build-test-app.ts';
import { expectSessionRequired } from '../../test/expectations.ts';
import {
  clientIds,
  createActivity,
  createParticipation,
  createProject,
  headersFor,
  userByEmail,
} from '../../test/factories.ts';
import { keyMay } from './api-keys.policy.ts';

/**
 * API keys and the public API (issue 24): an admin creates a named, scoped key whose token is answered once and
 * stored as a hash, and revokes it; /api/v1 answers keys of its own client only (never a session), lets a read key
 * only read, limits each key per minute, pages by keyset and records every call in the audit log.
 */
let t: TestApp;
let ids: { demo: string; acme: string };
let tokens: { admin: string; member: string; lead: string; acmeAdmin: string };

beforeAll(async () => {
  t = await buildTestApp();
  ids = await clientIds(t.ctx.db);
  tokens = {
    admin: await t.login('admin@demo.test'),
    member: await t.login('member@demo.test'),
    lead: await t.login('lead@demo.test'),
    acmeAdmin: await t.login('admin@acme.test'),
  };
});
afterAll(() => t.close());

const admin = (
  method: 'GET' | 'POST' | 'DELETE',
  url: string,
  token: string,
  payload?: object,
  host = DEMO_HOST,
) => t.app.inject({ method, url, headers: headersFor(token, host), payload });
const v1 = (url: string, key?: string, host = DEMO_HOST, method: 'GET' | 'POST' = 'GET') =>
  t.app.inject({ method, url, headers: { host, ...(key ? { authorization: `Bearer ${key}` } : {}) } });

async function newKey(scope: 'read' | 'read_write' = 'read', name = 'CRM sync') {
  const res = await admin('POST', '/api/admin/api-keys', tokens.admin, { name, scope });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { api_key: { id: string; prefix: string }; token: string };
}

describe('/api/admin/api-keys', () => {
  it('answers 401 without a session, 403 to a member and a lead, and 400 naming bad input, creating nothing', async () => {
    await expectSessionRequired(t, { method: 'GET', url: '/api/admin/api-keys' });
    for (const token of [tokens.member, tokens.lead]) {
      const res = await admin('POST', '/api/admin/api-keys', token, { name: 'x', scope: 'read' });
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe('You are not allowed to manage API keys');
    }
    for (const [payload, message] of [
      [{ name: '', scope: 'read' }, /Name is required/],
      [{ name: 'x', scope: 'admin' }, /scope must be read or read_write/],
      [{ name: 'x'.repeat(61), scope: 'read' }, /60 characters/],
    ] as const) {
      const res = await admin('POST', '/api/admin/api-keys', tokens.admin, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(message);
    }
    expect(await t.ctx.db.select().from(apiKeys)).toEqual([]);
  });

  it('answers the token once, stores only its hash, lists the key without it, and revokes it', async () => {
    const { api_key, token } = await newKey('read', 'Warehouse');
    expect(token).toMatch(/^rally_[\w-]{40,}$/);
    expect(token.startsWith(api_key.prefix)).toBe(true);
    const [row] = await t.ctx.db.select().from(apiKeys).where(eq(apiKeys.id, api_key.id));
    expect(row!.tokenHash).toBe(hashToken(token));
    const list = await admin('GET', '/api/admin/api-keys', tokens.admin);
    expect(list.body).not.toContain(token);
    expect(list.json().api_keys[0]).toMatchObject({
      id: api_key.id,
      name: 'Warehouse',
      scope: 'read',
      revoked_at: null,
    });
    // Another client's admin sees none of Demo's keys and cannot revoke them.
    const acme = await admin('GET', '/api/admin/api-keys', tokens.acmeAdmin, undefined, ACME_HOST);
    expect(acme.json().api_keys).toEqual([]);
    const foreign = await admin(
      'DELETE',
      `/api/admin/api-keys/${api_key.id}`,
      tokens.acmeAdmin,
      undefined,
      ACME_HOST,
    );
    expect(foreign.statusCode).toBe(404);

    expect((await v1('/api/v1/teams', token)).statusCode).toBe(200);
    expect((await admin('DELETE', `/api/admin/api-keys/${api_key.id}`, tokens.admin)).statusCode).toBe(200);
    expect((await admin('DELETE', `/api/admin/api-keys/${api_key.id}`, tokens.admin)).statusCode).toBe(404);
    const revoked = await v1('/api/v1/teams', token);
    expect(revoked.statusCode).toBe(401);
    expect(revoked.json()).toEqual({
      message: 'This API key is unknown, revoked, or of another app',
      code: 'invalid_api_key',
    });
  });
});

describe('/api/v1', () => {
  it('answers only its own client’s keys: no key, a session, another client’s key and a made-up one are 401', async () => {
    const { token } = await newKey();
    expect((await v1('/api/v1/members')).statusCode).toBe(401);
    const session = await t.app.inject({ url: '/api/v1/members', headers: headersFor(tokens.admin) });
    expect(session.statusCode).toBe(401);
    expect(session.json().code).toBe('api_key_required');
    expect((await v1('/api/v1/members', token, ACME_HOST)).statusCode).toBe(401);
    expect((await v1('/api/v1/members', 'rally_made-up')).statusCode).toBe(401);
  });

  it("lists the client's members page by page (keyset) and its teams, and never another client's", async () => {
    const { token } = await newKey();
    const first = await v1('/api/v1/members?limit=2', token);
    expect(first.statusCode, first.body).toBe(200);
    const page1 = first.json();
    expect(page1.members).toHaveLength(2);
    expect(page1.next_cursor).toBe(page1.members[1].id);
    const second = (await v1(`/api/v1/members?limit=2&cursor=${page1.next_cursor}`, token)).json();
    expect(second.members.map((m: { id: string }) => m.id)).not.toContain(page1.members[0].id);
    const all = (await v1('/api/v1/members?limit=100', token)).json().members as { email: string }[];
    expect(all.map((m) => m.email)).toContain('member@demo.test');
    expect(all.some((m) => m.email?.endsWith('@acme.test'))).toBe(false);
    const bad = await v1('/api/v1/members?limit=0', token);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/limit cannot be 0/);
    const teams = (await v1('/api/v1/teams', token)).json().teams as { name: string; member_count: number }[];
    expect(teams.map((team) => team.name)).toContain('Sales');
  });

  it('records every call in the audit log and the key’s last use', async () => {
    const { api_key, token } = await newKey();
    await v1('/api/v1/teams', token);
    await v1('/api/v1/members?limit=0', token);
    const rows = await t.ctx.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.clientId, ids.demo),
          eq(auditLog.action, 'api_key.used'),
          eq(auditLog.target, api_key.id),
        ),
      );
    expect(rows.map((r) => r.data).sort((a, b) => String(a.route).localeCompare(String(b.route)))).toEqual([
      { method: 'GET', route: '/api/v1/members', status: 400 },
      { method: 'GET', route: '/api/v1/teams', status: 200 },
    ]);
    const [row] = await t.ctx.db.select().from(apiKeys).where(eq(apiKeys.id, api_key.id));
    expect(row!.lastUsedAt).not.toBeNull();
  });

  it(`answers 429 with Retry-After past ${API_KEY_RATE_PER_MINUTE} calls a minute of one key, not of another`, async () => {
    const { token } = await newKey();
    const other = await newKey();
    let last = 200;
    for (let i = 0; i <= API_KEY_RATE_PER_MINUTE && last !== 429; i++)
      last = (await v1('/api/v1/teams', token)).statusCode;
    const limited = await v1('/api/v1/teams', token);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await v1('/api/v1/teams', other.token)).statusCode).toBe(200);
  });
});

describe('API_KEY_RATE_PER_MINUTE', () => {
  it('is 120 calls a minute unless the environment sets another whole number of at least 1', () => {
    expect(loadConfig({}).apiKeyRatePerMinute).toBe(API_KEY_RATE_PER_MINUTE);
    expect(loadConfig({ API_KEY_RATE_PER_MINUTE: '600' }).apiKeyRatePerMinute).toBe(600);
    expect(() => loadConfig({ API_KEY_RATE_PER_MINUTE: '0' })).toThrow(
      'Invalid environment: API_KEY_RATE_PER_MINUTE: API_KEY_RATE_PER_MINUTE must be at least 1',
    );
  });
});

describe('keyMay', () => {
  it('lets a read key read only, and a read-and-write key write', () => {
    expect(keyMay('read', 'GET').allowed).toBe(true);
    expect(keyMay('read', 'POST')).toMatchObject({ allowed: false, code: 'read_only_key' });
    expect(keyMay('read_write', 'PATCH').allowed).toBe(true);
  });
});

describe('/api/v1 projects, activities, participations and points', () => {
  const firstId = async (table: typeof projects | typeof users, clientId: string) => {
    const [row] = await t.ctx.db
      .select({ id: table.id })
      .from(table)
      .where(eq(table.clientId, clientId))
      .limit(1);
    return row!.id;
  };
  // Two projects of Demo (one with two activities and a participation of each), one of Acme with its own.
  beforeAll(async () => {
    const db = t.ctx.db;
    const member = await userByEmail(db, 'member@demo.test');
    const launch = await createProject(db, { clientId: ids.demo, name: 'Launch' });
    await createProject(db, { clientId: ids.demo, name: 'Archive', archivedAt: new Date() });
    const share = await createActivity(db, { clientId: ids.demo, projectId: launch.id, points: 10 });
    const submit = await createActivity(db, {
      clientId: ids.demo,
      projectId: launch.id,
      type: 'content_submission',
    });
    await createParticipation(db, {
      clientId: ids.demo,
      activityId: share.id,
      userId: member.id,
      status: 'completed',
    });
    await createParticipation(db, {
      clientId: ids.demo,
      activityId: submit.id,
      userId: member.id,
      status: 'pending',
    });
    const acme = await createProject(db, { clientId: ids.acme, name: 'Acme launch' });
    const acmeActivity = await createActivity(db, { clientId: ids.acme, projectId: acme.id });
    const acmeMember = await userByEmail(db, 'member@acme.test');
    await createParticipation(db, { clientId: ids.acme, activityId: acmeActivity.id, userId: acmeMember.id });
  });

  it("pages the client's projects by keyset and lists a project's activities; another client's project is 404", async () => {
    const { token } = await newKey();
    const all = (await v1('/api/v1/projects?status=all&limit=100', token)).json().projects as {
      id: string;
    }[];
    const own = await t.ctx.db
      .select({ id: projects.id })
      .from(projects)
      .where(eq(projects.clientId, ids.demo));
    expect(all.map((p) => p.id).sort()).toEqual(own.map((p) => p.id).sort());
    const firstRes = await v1('/api/v1/projects?status=all&limit=1', token);
    expect(firstRes.statusCode, firstRes.body).toBe(200);
    const first = firstRes.json();
    expect(first.projects).toHaveLength(1);
    const second = (
      await v1(`/api/v1/projects?status=all&limit=1&cursor=${first.next_cursor}`, token)
    ).json();
    expect(second.projects[0].id).not.toBe(first.projects[0].id);
    expect(second.projects[0].id < first.projects[0].id).toBe(true);

    const withActivities = (await v1('/api/v1/projects?limit=100', token))
      .json()
      .projects.find((p: { activity_count: number }) => p.activity_count > 0);
    const activities = await v1(`/api/v1/projects/${withActivities.id}/activities`, token);
    expect(activities.statusCode, activities.body).toBe(200);
    expect(activities.json().activities).toHaveLength(withActivities.activity_count);
    const acmeProject = await firstId(projects, ids.acme);
    expect((await v1(`/api/v1/projects/${acmeProject}/activities`, token)).statusCode).toBe(404);
    const bad = await v1('/api/v1/projects/not-an-id/activities', token);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/id must be a valid id/);
    expect((await v1('/api/v1/projects?status=open', token)).json().message).toMatch(
      /status must be current, archived or all/,
    );
  });

  it("lists the client's participations by project and status, never another client's", async () => {
    const { token } = await newKey();
    const res = await v1('/api/v1/participations?limit=100', token);
    expect(res.statusCode, res.body).toBe(200);
    const rows = res.json().participations as { id: string; project_id: string; status: string }[];
    const own = await t.ctx.db
      .select({ id: participations.id })
      .from(participations)
      .where(eq(participations.clientId, ids.demo));
    expect(rows.length).toBe(Math.min(own.length, 100));
    const projectId = rows[0]!.project_id;
    const filtered = (
      await v1(`/api/v1/participations?limit=100&project_id=${projectId}&status=${rows[0]!.status}`, token)
    ).json().participations as { project_id: string; status: string }[];
    expect(filtered.length).toBeGreaterThan(0);
    expect(filtered.every((p) => p.project_id === projectId && p.status === rows[0]!.status)).toBe(true);
    const acmeProject = await firstId(projects, ids.acme);
    expect(
      (await v1(`/api/v1/participations?project_id=${acmeProject}`, token)).json().participations,
    ).toEqual([]);
    expect((await v1('/api/v1/participations?limit=101', token)).statusCode).toBe(400);
  });

  it('awards points once per reference with a read and write key, and refuses a read key, bad input and another client’s member', async () => {
    const member = await firstId(users, ids.demo);
    const acmeMember = await firstId(users, ids.acme);
    const read = await newKey('read');
    const write = await newKey('read_write');
    const before = (await v1(`/api/v1/members/${member}/points`, read.token)).json().total as number;
    const award = (body: object, key = write.token) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/points',
        headers: { host: DEMO_HOST, authorization: `Bearer ${key}` },
        payload: body,
      });
    const refused = await award({ member_id: member, points: 5, reference: 'crm:1' }, read.token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('read_only_key');
    for (const [body, message] of [
      [{ member_id: member, points: 0, reference: 'x' }, /points cannot be 0/],
      [{ member_id: member, points: 1.5, reference: 'x' }, /whole number/],
      [{ member_id: member, points: 5 }, /reference is required/],
      [{ member_id: member, points: 5, reference: 'has space' }, /letters, digits/],
      [{ member_id: 'nope', points: 5, reference: 'x' }, /valid id/],
    ] as const) {
      const res = await award(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toMatch(message);
    }
    expect((await award({ member_id: acmeMember, points: 5, reference: 'crm:acme' })).statusCode).toBe(404);
    expect((await v1(`/api/v1/members/${acmeMember}/points`, read.token)).statusCode).toBe(404);
    expect((await v1(`/api/v1/members/${member}/points`, read.token)).json().total).toBe(before);

    const first = await award({ member_id: member, points: 25, reference: 'crm:event-7' });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toEqual({
      member_id: member,
      points: 25,
      reference: 'crm:event-7',
      created: true,
      total: before + 25,
    });
    const again = await award({ member_id: member, points: 40, reference: 'crm:event-7' });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({
      member_id: member,
      points: 25,
      reference: 'crm:event-7',
      created: false,
      total: before + 25,
    });
    expect((await v1(`/api/v1/members/${member}/points`, read.token)).json().total).toBe(before + 25);
  });
});

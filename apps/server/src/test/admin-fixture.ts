import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, expect } from 'vitest';
import { teams } from '../db/schema/index.ts';
import { buildTestApp, DEMO_HOST, type TestApp } from './build-test-app.ts';
import { clientIds, createUser, headersFor } from './factories.ts';

export type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
type Response = Awaited<ReturnType<FastifyInstance['inject']>>;

/** What admin API tests share: the app, client ids, the demo logins, Demo's teams and a request helper. */
export interface AdminFixture {
  t: TestApp;
  ids: { demo: string; acme: string };
  /** Tokens of admin@demo.test, member@demo.test, lead@demo.test (ANALYST of Sales) and admin@acme.test. */
  tokens: { admin: string; member: string; lead: string; acmeAdmin: string };
  /** Demo's teams by name: Marketing (member@demo.test), Sales (lead@demo.test), … */
  team: Record<string, string>;
  /** A team of Acme. */
  acmeTeamId: string;
  /** Sends a JSON request as the token's user on a host (Demo's by default). */
  send(method: Method, url: string, token: string, payload?: object, host?: string): Promise<Response>;
  /** Every named login gets 403 with `message` for the call. */
  expectForbidden(
    who: readonly ('member' | 'lead')[],
    message: string,
    method: Method,
    url: string,
    payload?: object,
  ): Promise<void>;
  /** A fresh Demo member (USER) and their token. */
  newMember(): Promise<{ user: Awaited<ReturnType<typeof createUser>>; token: string }>;
}

/**
 * Builds one test app for the file (beforeAll) and closes it (afterAll); the returned object is filled in
 * once beforeAll has run, so read its fields inside tests and hooks only.
 */
export function useAdminFixture(): AdminFixture {
  const f = {
    async send(method: Method, url: string, token: string, payload?: object, host = DEMO_HOST) {
      return f.t.app.inject({
        method,
        url,
        headers: headersFor(token, host),
        ...(payload === undefined ? {} : { payload }),
      } as InjectOptions);
    },
    async expectForbidden(
      who: readonly ('member' | 'lead')[],
      message: string,
      method: Method,
      url: string,
      payload?: object,
    ) {
      for (const name of who) {
        const res = await f.send(method, url, f.tokens[name], payload);
        expect(res.statusCode, `${method} ${url} as ${name}`).toBe(403);
        expect(res.json()).toEqual({ message });
      }
    },
    async newMember() {
      const user = await createUser(f.t.ctx.db, { clientId: f.ids.demo });
      return { user, token: await f.t.login(user.email!) };
    },
  } as AdminFixture;
  beforeAll(async () => {
    f.t = await buildTestApp();
    f.ids = await clientIds(f.t.ctx.db);
    const [admin, member, lead, acmeAdmin] = await Promise.all([
      f.t.login('admin@demo.test'),
      f.t.login('member@demo.test'),
      f.t.login('lead@demo.test'),
      f.t.login('admin@acme.test'),
    ]);
    f.tokens = { admin: admin!, member: member!, lead: lead!, acmeAdmin: acmeAdmin! };
    const rows = await f.t.ctx.db.select().from(teams);
    f.team = Object.fromEntries(rows.filter((r) => r.clientId === f.ids.demo).map((r) => [r.name, r.id]));
    f.acmeTeamId = rows.find((r) => r.clientId === f.ids.acme)!.id;
  });
  afterAll(() => f.t.close());
  return f;
}

/** Labels of the invalid-body cases of create calls that only leave a required field out. */
const OMITTED_FIELD_CASES = new Set([
  'no name',
  'no text',
  'no title',
  'no points',
  'no config',
  'teams without teams',
]);

/**
 * The invalid-body cases that stay invalid for a PATCH: it may leave any field out (the field then stays as it
 * is), so the cases that only omit a required field are valid there.
 */
export function invalidForPatch<T extends [string, ...unknown[]]>(cases: T[]): T[] {
  return cases.filter(([label]) => !OMITTED_FIELD_CASES.has(label));
}

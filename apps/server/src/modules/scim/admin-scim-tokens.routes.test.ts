import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, scimTokens } from '../../db/schema/index.ts';
import { hashToken } from '../../lib/secrets.ts';
import { ACME_HOST, buildTestApp, DEMO_HOST, type TestApp } from '../../test/build-test-app.ts';
import { expectSessionRequired } from '../../test/expectations.ts';
import { clientIds, headersFor } from '../../test/factories.ts';
import { ScimClient } from '../../test/scim-client.ts';

/**
 * SCIM tokens on the Integrations tab (issue 24): an admin creates a named token, answered once and stored as a hash,
 * sees the list (never the token) with the base URL to give the identity provider, and revokes one, which stops it
 * at once. Members and leads may not; another client's admin sees none of them.
 */
let t: TestApp;
let demo: string;
let tokens: { admin: string; member: string; lead: string; acmeAdmin: string };

beforeAll(async () => {
  t = await buildTestApp();
  demo = (await clientIds(t.ctx.db)).demo;
  tokens = {
    admin: await t.login('admin@demo.test'),
    member: await t.login('member@demo.test'),
    lead: await t.login('lead@demo.test'),
    acmeAdmin: await t.login('admin@acme.test'),
  };
});
afterAll(() => t.close());

const call = (
  method: 'GET' | 'POST' | 'DELETE',
  url: string,
  token: string,
  payload?: object,
  host = DEMO_HOST,
) => t.app.inject({ method, url, headers: headersFor(token, host), payload });

describe('/api/admin/scim-tokens', () => {
  it('answers 401 without a session, 403 to a member and a lead, and 400 naming bad input, creating nothing', async () => {
    await expectSessionRequired(t, { method: 'GET', url: '/api/admin/scim-tokens' });
    await expectSessionRequired(t, { method: 'POST', url: '/api/admin/scim-tokens', payload: { name: 'x' } });
    for (const token of [tokens.member, tokens.lead]) {
      for (const [method, url] of [
        ['GET', '/api/admin/scim-tokens'],
        ['POST', '/api/admin/scim-tokens'],
        ['DELETE', '/api/admin/scim-tokens/00000000-0000-4000-8000-000000000000'],
      ] as const) {
        const res = await call(method, url, token, method === 'POST' ? { name: 'x' } : undefined);
        expect(res.statusCode, `${method} ${url}`).toBe(403);
        expect(res.json().message).toBe('You are not allowed to manage SCIM tokens');
      }
    }
    for (const [payload, message] of [
      [{ name: '' }, /Name is required/],
      [{}, /Name is required/],
      [{ name: 'x'.repeat(61) }, /60 characters/],
      [{ name: 'x', scope: 'admin' }, /scope/],
    ] as const) {
      const res = await call('POST', '/api/admin/scim-tokens', tokens.admin, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(message);
    }
    expect((await call('DELETE', '/api/admin/scim-tokens/nope', tokens.admin)).statusCode).toBe(400);
    expect(await t.ctx.db.select().from(scimTokens)).toEqual([]);
  });

  it('answers the token once, stores only its hash, lists it without the token, and revokes it at once', async () => {
    const created = await call('POST', '/api/admin/scim-tokens', tokens.admin, { name: 'Entra ID' });
    expect(created.statusCode, created.body).toBe(201);
    const { scim_token, token } = created.json() as {
      scim_token: { id: string; prefix: string };
      token: string;
    };
    expect(token).toMatch(/^rally_scim_[\w-]{40,}$/);
    expect(token.startsWith(scim_token.prefix)).toBe(true);
    expect(scim_token).toMatchObject({ name: 'Entra ID', last_used_at: null, revoked_at: null });
    const [row] = await t.ctx.db.select().from(scimTokens).where(eq(scimTokens.id, scim_token.id));
    expect(row!.tokenHash).toBe(hashToken(token));

    const list = await call('GET', '/api/admin/scim-tokens', tokens.admin);
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(token);
    expect(list.json()).toMatchObject({
      scim_tokens: [{ id: scim_token.id, name: 'Entra ID', prefix: scim_token.prefix, revoked_at: null }],
      base_url: expect.stringMatching(/^https?:\/\/localhost(:\d+)?\/scim\/v2$/),
    });
    // The API keys list is another list: a SCIM token is no API key.
    expect((await call('GET', '/api/admin/api-keys', tokens.admin)).json().api_keys).toEqual([]);

    // Another client's admin sees none of Demo's tokens and cannot revoke them.
    const acme = await call('GET', '/api/admin/scim-tokens', tokens.acmeAdmin, undefined, ACME_HOST);
    expect(acme.json().scim_tokens).toEqual([]);
    const foreign = await call(
      'DELETE',
      `/api/admin/scim-tokens/${scim_token.id}`,
      tokens.acmeAdmin,
      undefined,
      ACME_HOST,
    );
    expect(foreign.statusCode).toBe(404);

    const scim = new ScimClient(t, token);
    expect((await scim.send('GET', '/Users?count=1')).status).toBe(200);
    expect((await call('DELETE', `/api/admin/scim-tokens/${scim_token.id}`, tokens.admin)).json()).toEqual({
      ok: true,
    });
    expect((await call('DELETE', `/api/admin/scim-tokens/${scim_token.id}`, tokens.admin)).statusCode).toBe(
      404,
    );
    expect((await scim.send('GET', '/Users?count=1')).status).toBe(401);
    const after = (await call('GET', '/api/admin/scim-tokens', tokens.admin)).json();
    expect(after.scim_tokens[0].revoked_at).not.toBeNull();
    expect(after.scim_tokens[0].last_used_at).not.toBeNull();

    const audit = await t.ctx.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.clientId, demo), eq(auditLog.target, scim_token.id)));
    expect(audit.map((a) => a.action).sort()).toEqual(['scim_token.created', 'scim_token.revoked']);
  });
});

import { CUSTOM_URL_MAX_LENGTH } from '@rally/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, clients } from '../../db/schema/index.ts';
import { useAdminFixture } from '../../test/admin-fixture.ts';
import { expectSessionRequired } from '../../test/expectations.ts';
import { createUser, headersFor } from '../../test/factories.ts';

/** The custom URL on /admin/general (ADMIN only): SPEC 5's rule and messages, unique across clients. */

const f = useAdminFixture();
const URL = '/api/admin/client/custom-url';
const slugOf = async (clientId: string) =>
  (await f.t.ctx.db.select().from(clients).where(eq(clients.id, clientId)))[0]!.slug;
const put = (token: string, payload: unknown, host?: string) =>
  f.send('PUT', URL, token, payload as object, host);

describe('GET and PUT /api/admin/client/custom-url', () => {
  it('answers 401 without a valid session of this client', async () => {
    await expectSessionRequired(f.t, { url: URL });
    await expectSessionRequired(f.t, { method: 'PUT', url: URL, payload: { custom_url: 'demo' } });
  });

  it("answers 400 with SPEC 5's four messages word for word, and changes nothing", async () => {
    const before = await slugOf(f.ids.demo);
    for (const [payload, message] of [
      [{}, 'Custom URL is required'],
      [{ custom_url: '' }, 'Custom URL is required'],
      [{ custom_url: '   ' }, 'Custom URL cannot be empty'],
      [
        { custom_url: 'a'.repeat(CUSTOM_URL_MAX_LENGTH + 1) },
        `Custom URL must be ${CUSTOM_URL_MAX_LENGTH} characters or less`,
      ],
      [
        { custom_url: 'my program!' },
        'Custom URL must contain only letters, numbers, hyphens, and underscores',
      ],
      [{ custom_url: 'ok', other: 1 }, undefined],
    ] as const) {
      const res = await put(f.tokens.admin, payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 60)).toBe(400);
      if (message) expect(res.json().message).toBe(message);
    }
    expect(await slugOf(f.ids.demo)).toBe(before);
  });

  it('answers 403 to everyone but admins', async () => {
    const analyst = await createUser(f.t.ctx.db, { clientId: f.ids.demo, role: 'ANALYST' });
    for (const token of [f.tokens.lead, f.tokens.member, await f.t.login(analyst.email!)]) {
      expect((await f.send('GET', URL, token)).statusCode).toBe(403);
      expect((await put(token, { custom_url: 'taken-by-lead' })).statusCode).toBe(403);
    }
    expect(await slugOf(f.ids.demo)).not.toBe('taken-by-lead');
  });

  it('sets the trimmed slug with an audit row; 409 when another client has it, whatever the case', async () => {
    const res = await put(f.tokens.admin, { custom_url: '  demo-program_1 ' });
    expect(res.statusCode, res.body).toBe(200);
    const { port } = f.t.ctx.config.publicUrl;
    // An underscore can be in the custom URL but in no host name: the shared address only.
    const saved = {
      custom_url: 'demo-program_1',
      addresses: { path: `http://localhost:${port}/c/demo-program_1`, subdomain: null },
    };
    expect(res.json()).toEqual(saved);
    expect((await f.send('GET', URL, f.tokens.admin)).json()).toEqual(saved);
    const [entry] = await f.t.ctx.db.select().from(auditLog).where(eq(auditLog.action, 'client.custom_url'));
    expect(entry!.data).toEqual({ changes: { custom_url: { from: null, to: 'demo-program_1' } } });
    // The same slug again is no change.
    expect((await put(f.tokens.admin, { custom_url: 'demo-program_1' })).statusCode).toBe(200);

    const taken = await put(f.tokens.acmeAdmin, { custom_url: 'DEMO-program_1' }, '127.0.0.1');
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe(
      'This custom URL is already taken by another program. Choose another one.',
    );
    expect(await slugOf(f.ids.acme)).toBeNull();
    expect(await slugOf(f.ids.demo)).toBe('demo-program_1');
  });
});

describe('the custom URL in use', () => {
  const visit = (url: string, host: string) => f.t.app.inject({ method: 'GET', url, headers: { host } });

  it("takes /c/{slug} on the shared host to the client's own domain, with the path and query, whatever the case", async () => {
    expect((await put(f.tokens.acmeAdmin, { custom_url: 'acme-crew' }, '127.0.0.1')).statusCode).toBe(200);
    const { port } = f.t.ctx.config.publicUrl;
    const home = await visit('/c/ACME-crew', 'localhost');
    expect(home.statusCode).toBe(302);
    // Acme's primary verified domain, never the Host the request came on.
    expect(home.headers.location).toBe(`http://127.0.0.1:${port}/`);
    const deep = await visit('/c/acme-crew//evil.example/projects?scroll=3', 'evil.example');
    expect(deep.headers.location).toBe(`http://127.0.0.1:${port}/evil.example/projects?scroll=3`);
    const unknown = await visit('/c/nobody-has-this', 'localhost');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toContain('No program has this address');
  });

  it('answers as the client on its subdomain of the app host ({slug}.{APP_HOST}), and as nobody for an unknown one', async () => {
    expect((await put(f.tokens.acmeAdmin, { custom_url: 'acme-sub' }, '127.0.0.1')).statusCode).toBe(200);
    const own = await visit('/api/bootstrap', 'acme-sub.localhost');
    expect(own.json().client.id).toBe(f.ids.acme);
    // A session of Acme works on Acme's subdomain, and Demo's does not.
    const me = await f.t.app.inject({
      method: 'GET',
      url: '/api/me',
      headers: headersFor(f.tokens.acmeAdmin, 'acme-sub.localhost'),
    });
    expect(me.statusCode).toBe(200);
    const demoOnAcme = await f.t.app.inject({
      method: 'GET',
      url: '/api/me',
      headers: headersFor(f.tokens.admin, 'acme-sub.localhost'),
    });
    expect(demoOnAcme.statusCode).toBe(401);
    // An unknown or nested subdomain is the default client's, as any unknown host.
    expect((await visit('/api/bootstrap', 'nobody.localhost')).json().client.id).toBe(f.ids.demo);
    expect((await visit('/api/bootstrap', 'a.acme-sub.localhost')).json().client.id).toBe(f.ids.demo);
    const { port } = f.t.ctx.config.publicUrl;
    expect((await f.send('GET', URL, f.tokens.acmeAdmin, undefined, '127.0.0.1')).json().addresses).toEqual({
      path: `http://localhost:${port}/c/acme-sub`,
      subdomain: `http://acme-sub.localhost:${port}`,
    });
  });
});

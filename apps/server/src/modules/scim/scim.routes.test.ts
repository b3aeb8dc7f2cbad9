import { SCIM_RATE_PER_MINUTE } from '@rally/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scimTokens, scimUsers, ssoConnections, teamMembers, teams, users } from '../../db/schema/index.ts';
import { ACME_HOST, buildTestApp, DEMO_HOST, type TestApp } from '../../test/build-test-app.ts';
import { clientIds, headersFor, userByEmail } from '../../test/factories.ts';
import { EntraClient, OktaClient, ScimClient } from '../../test/scim-client.ts';

/**
 * The SCIM service (issue 24) as a protocol and a door: who gets in (only the client's own live SCIM tokens), what
 * another client's ids answer (404), what bad filters and bodies answer (400 in SCIM's error shape, nothing written),
 * duplicates (409 uniqueness), lists and discovery, and the per-token rate limit.
 */
let t: TestApp;
let ids: { demo: string; acme: string };
let tokens: { admin: string; acmeAdmin: string };
let demoToken: string;
let acmeToken: string;

async function newScimToken(session: string, host = DEMO_HOST): Promise<{ id: string; token: string }> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/admin/scim-tokens',
    headers: headersFor(session, host),
    payload: { name: 'IdP' },
  });
  expect(res.statusCode, res.body).toBe(201);
  return { id: res.json().scim_token.id, token: res.json().token };
}

beforeAll(async () => {
  t = await buildTestApp();
  ids = await clientIds(t.ctx.db);
  tokens = { admin: await t.login('admin@demo.test'), acmeAdmin: await t.login('admin@acme.test') };
  demoToken = (await newScimToken(tokens.admin)).token;
  acmeToken = (await newScimToken(tokens.acmeAdmin, ACME_HOST)).token;
});
afterAll(() => t.close());

const demo = () => new ScimClient(t, demoToken);
const countRows = async () => {
  const [u] = await t.ctx.db.select({ n: sql<number>`count(*)::int` }).from(users);
  const [s] = await t.ctx.db.select({ n: sql<number>`count(*)::int` }).from(scimUsers);
  const [tm] = await t.ctx.db.select({ n: sql<number>`count(*)::int` }).from(teamMembers);
  const [tt] = await t.ctx.db.select({ n: sql<number>`count(*)::int` }).from(teams);
  return { users: u!.n, scimUsers: s!.n, teamMembers: tm!.n, teams: tt!.n };
};
const person = (name: string) => ({
  userName: `${name}@corp.test`,
  givenName: name,
  familyName: 'X',
  email: `${name}@corp.test`,
});

describe('who gets in', () => {
  it('answers 401 in SCIM’s shape without a token, with a session, an API key, a made-up, a revoked or another client’s token', async () => {
    const apiKey = await t.app.inject({
      method: 'POST',
      url: '/api/admin/api-keys',
      headers: headersFor(tokens.admin),
      payload: { name: 'CRM', scope: 'read_write' },
    });
    const revoked = await newScimToken(tokens.admin);
    await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/scim-tokens/${revoked.id}`,
      headers: headersFor(tokens.admin),
    });
    for (const client of [
      new ScimClient(t, undefined),
      new ScimClient(t, tokens.admin),
      new ScimClient(t, apiKey.json().token),
      new ScimClient(t, 'rally_scim_made-up'),
      new ScimClient(t, revoked.token),
      new ScimClient(t, acmeToken),
      new ScimClient(t, demoToken, ACME_HOST),
    ]) {
      const res = await client.send('GET', '/Users');
      expect(res.status, `token ${client.token} on ${client.host}`).toBe(401);
      expect(res.headers['content-type']).toMatch(/^application\/scim\+json/);
      expect(res.body).toMatchObject({
        schemas: ['urn:ietf:params:scim:api:messages:2.0:Error'],
        status: '401',
      });
      // Nothing was written on the way.
      expect((await client.send('POST', '/Users', { userName: 'x@corp.test' })).status).toBe(401);
    }
    expect(await t.ctx.db.select().from(scimUsers)).toEqual([]);
  });

  it(`answers 429 with Retry-After past ${SCIM_RATE_PER_MINUTE} calls a minute of one token, not of another`, async () => {
    const limited = await newScimToken(tokens.admin);
    for (let i = 0; i < SCIM_RATE_PER_MINUTE; i++)
      await t.ctx.limiter.hit(`scim-token:${limited.id}`, 60_000);
    const res = await new ScimClient(t, limited.token).send('GET', '/ServiceProviderConfig');
    expect(res.status).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(res.body.status).toBe('429');
    expect((await demo().send('GET', '/ServiceProviderConfig')).status).toBe(200);
  });

  it('notes a token’s last use', async () => {
    const fresh = await newScimToken(tokens.admin);
    await new ScimClient(t, fresh.token).send('GET', '/Users?count=1');
    const [row] = await t.ctx.db.select().from(scimTokens).where(eq(scimTokens.id, fresh.id));
    expect(row!.lastUsedAt).not.toBeNull();
  });
});

describe('discovery', () => {
  it('describes the service, its resource types and schemas (Entra ID and Okta read them)', async () => {
    const config = await demo().send('GET', '/ServiceProviderConfig');
    expect(config.status).toBe(200);
    expect(config.body).toMatchObject({
      patch: { supported: true },
      filter: { supported: true, maxResults: 100 },
      bulk: { supported: false },
      authenticationSchemes: [expect.objectContaining({ type: 'oauthbearertoken' })],
    });
    const types = await demo().send('GET', '/ResourceTypes');
    expect(types.body.Resources.map((r: { id: string }) => r.id)).toEqual(['User', 'Group']);
    expect((await demo().send('GET', '/ResourceTypes/Group')).body.endpoint).toBe('/Groups');
    const schemas = await demo().send('GET', '/Schemas');
    expect(schemas.body.Resources.map((r: { id: string }) => r.id)).toEqual(
      expect.arrayContaining([
        'urn:ietf:params:scim:schemas:core:2.0:User',
        'urn:ietf:params:scim:schemas:core:2.0:Group',
        'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User',
      ]),
    );
    const user = await demo().send('GET', '/Schemas/urn:ietf:params:scim:schemas:core:2.0:User');
    expect(user.body.attributes.map((a: { name: string }) => a.name)).toContain('userName');
    expect((await demo().send('GET', '/Schemas/urn:nope')).status).toBe(404);
    const unknown = await demo().send('GET', '/Bulk');
    expect(unknown.status).toBe(404);
    expect(unknown.body.schemas).toEqual(['urn:ietf:params:scim:api:messages:2.0:Error']);
  });
});

describe('lists', () => {
  it('lists the client’s members (existing ones by their email as userName), pages them, never another client’s', async () => {
    const all = await demo().send('GET', '/Users?count=100');
    expect(all.status).toBe(200);
    expect(all.body.schemas).toEqual(['urn:ietf:params:scim:api:messages:2.0:ListResponse']);
    const names = all.body.Resources.map((u: { userName: string }) => u.userName);
    expect(names).toContain('member@demo.test');
    expect(names.some((n: string) => n.endsWith('@acme.test'))).toBe(false);
    const total = all.body.totalResults as number;
    expect(total).toBe(names.length);

    const page = await demo().send('GET', '/Users?startIndex=2&count=2');
    expect(page.body).toMatchObject({ totalResults: total, startIndex: 2, itemsPerPage: 2 });
    expect(page.body.Resources.map((u: { id: string }) => u.id)).toEqual(
      all.body.Resources.slice(1, 3).map((u: { id: string }) => u.id),
    );
    expect((await demo().send('GET', '/Users?count=0')).body).toMatchObject({
      totalResults: total,
      Resources: [],
    });

    // An existing member is found by their email, so the provider links them instead of making a twin.
    const member = await new EntraClient(t, demoToken).findUser('Member@Demo.test');
    expect(member.body.totalResults).toBe(1);
    expect(member.body.Resources[0]).toMatchObject({ userName: 'member@demo.test', active: true });
    expect(member.body.Resources[0].groups).toEqual([expect.objectContaining({ display: 'Marketing' })]);

    const narrow = await demo().send(
      'GET',
      '/Users?filter=userName%20eq%20%22member@demo.test%22&attributes=userName',
    );
    expect(Object.keys(narrow.body.Resources[0]).sort()).toEqual(['id', 'meta', 'schemas', 'userName']);
    const groups = await demo().send('GET', '/Groups?excludedAttributes=members');
    expect(groups.body.Resources.map((g: { displayName: string }) => g.displayName)).toEqual(
      expect.arrayContaining(['Marketing', 'Sales']),
    );
    expect(groups.body.Resources.every((g: object) => !('members' in g))).toBe(true);
  });

  it('answers 400 invalidFilter to a filter it does not support, and never a wrong list', async () => {
    for (const filter of [
      'userName co "demo"',
      'name.givenName eq "Max"',
      'bogus',
      'userName eq',
      'userName eq "a" and userName sw "b"',
    ]) {
      const res = await demo().send('GET', `/Users?filter=${encodeURIComponent(filter)}`);
      expect(res.status, filter).toBe(400);
      expect(res.body).toMatchObject({ status: '400', scimType: 'invalidFilter' });
    }
    const bad = await demo().send('GET', '/Users?count=lots');
    expect(bad.status).toBe(400);
    expect(bad.body.detail).toMatch(/count/);
  });
});

describe('writes', () => {
  it('answers 400 to a bad body in SCIM’s shape and writes nothing', async () => {
    const before = await countRows();
    const { body: target } = await demo().send('GET', '/Users?filter=userName%20eq%20%22member@demo.test%22');
    const memberId = target.Resources[0].id as string;
    for (const [body, detail] of [
      [{ schemas: ['urn:ietf:params:scim:schemas:core:2.0:User'], name: { givenName: 'No' } }, /userName/],
      [{ userName: 'no-email-here' }, /email address/],
      [{ userName: 'x@corp.test', emails: [{ value: 'not an email' }] }, /not a valid email/],
      [{ userName: 'x@corp.test', active: 'maybe' }, /active/],
      [{ userName: 'x@corp.test', name: { givenName: 'x'.repeat(81) } }, /80 characters/],
      ['{"userName": ', /JSON/],
      [[{ userName: 'x@corp.test' }], /./],
    ] as const) {
      const res = await demo().send('POST', '/Users', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body).toMatchObject({
        schemas: ['urn:ietf:params:scim:api:messages:2.0:Error'],
        status: '400',
      });
      expect(res.body.detail).toMatch(detail);
    }
    for (const operations of [
      [{ op: 'explode', path: 'active', value: false }],
      [{ op: 'replace', path: 'nickName.deep[bad', value: 'x' }],
      [{ op: 'remove' }],
      [{ op: 'replace', path: 'userName', value: '' }],
      [{ op: 'replace', path: 'active', value: 'perhaps' }],
    ]) {
      const res = await demo().patch(`/Users/${memberId}`, operations);
      expect(res.status, JSON.stringify(operations)).toBe(400);
      expect(res.body.scimType).toBeDefined();
    }
    const noOps = await demo().send('PATCH', `/Users/${memberId}`, {
      schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'],
    });
    expect(noOps.status).toBe(400);
    const groups = await demo().send('GET', '/Groups?filter=displayName%20eq%20%22Sales%22');
    const sales = groups.body.Resources[0].id as string;
    const applicant = await userByEmail(t.ctx.db, 'applicant@demo.test');
    for (const value of [
      [{ value: '00000000-0000-4000-8000-000000000000' }],
      [{ value: applicant.id }],
      [{ display: 'no value' }],
    ]) {
      const res = await demo().patch(`/Groups/${sales}`, [{ op: 'add', path: 'members', value }]);
      expect(res.status, JSON.stringify(value)).toBe(400);
      expect(res.body.scimType).toBe('invalidValue');
    }
    expect(
      (await demo().patch(`/Groups/${sales}`, [{ op: 'add', path: 'members[value eq "x"]', value: [] }])).body
        .scimType,
    ).toBe('invalidPath');
    expect(await countRows()).toEqual(before);
    expect((await userByEmail(t.ctx.db, 'member@demo.test')).isActive).toBe(true);
  });

  it('answers 409 uniqueness to a userName, an email or a group name taken, and creates nothing', async () => {
    const entra = new EntraClient(t, demoToken);
    expect((await entra.createUser(person('hedy'))).status).toBe(201);
    const before = await countRows();
    for (const p of [
      person('hedy'),
      { ...person('hedy'), userName: 'HEDY@corp.test', email: 'other@corp.test' },
      { ...person('someone'), email: 'member@demo.test' },
      { ...person('x'), userName: 'member@demo.test', email: 'x2@corp.test' },
    ]) {
      const res = await entra.createUser(p);
      expect(res.status, JSON.stringify(p)).toBe(409);
      expect(res.body).toMatchObject({ status: '409', scimType: 'uniqueness' });
    }
    const dup = await entra.createGroup('sales');
    expect(dup.status).toBe(409);
    expect(dup.body.scimType).toBe('uniqueness');
    expect(await countRows()).toEqual(before);
    // A rename onto another member's userName is refused the same way.
    const { body } = await entra.findUser('hedy@corp.test');
    const rename = await entra.patch(`/Users/${body.Resources[0].id}`, [
      { op: 'replace', path: 'userName', value: 'member@demo.test' },
    ]);
    expect(rename.status).toBe(409);
  });

  it('accepts plain JSON as well as application/scim+json', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/scim/v2/Users',
      headers: { host: DEMO_HOST, authorization: `Bearer ${demoToken}`, 'content-type': 'application/json' },
      payload: { userName: 'plain@corp.test' },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().emails[0].value).toBe('plain@corp.test');
    const withCharset = await t.app.inject({
      method: 'POST',
      url: '/scim/v2/Users',
      headers: {
        host: DEMO_HOST,
        authorization: `Bearer ${demoToken}`,
        'content-type': 'application/scim+json; charset=utf-8',
      },
      payload: { userName: 'charset@corp.test' },
    });
    expect(withCharset.statusCode, withCharset.body).toBe(201);
    const proto = await t.app.inject({
      method: 'POST',
      url: '/scim/v2/Users',
      headers: {
        host: DEMO_HOST,
        authorization: `Bearer ${demoToken}`,
        'content-type': 'application/scim+json',
      },
      payload: '{"userName": "proto@corp.test", "__proto__": {"active": false}}',
    });
    expect(proto.statusCode).toBe(400);
    expect(proto.json().scimType).toBe('invalidSyntax');
  });

  it('refuses to deactivate the break-glass admin of single sign-on (403), and leaves them active', async () => {
    const admin = await userByEmail(t.ctx.db, 'admin@demo.test');
    await t.ctx.db.insert(ssoConnections).values({
      clientId: ids.demo,
      displayName: 'Corp',
      issuer: 'https://idp.corp.test',
      oidcClientId: 'rally',
      breakGlassUserId: admin.id,
    });
    const okta = new OktaClient(t, demoToken);
    const res = await okta.deactivateUser(admin.id);
    expect(res.status).toBe(403);
    expect(res.body.detail).toMatch(/break-glass/);
    expect((await okta.send('DELETE', `/Users/${admin.id}`)).status).toBe(403);
    expect((await userByEmail(t.ctx.db, 'admin@demo.test')).isActive).toBe(true);
    await t.ctx.db.delete(ssoConnections).where(eq(ssoConnections.clientId, ids.demo));
  });
});

describe('another client’s ids', () => {
  it('answers 404 to every read and write of another client’s member or team, and changes nothing of theirs', async () => {
    const acmeMember = await userByEmail(t.ctx.db, 'member@acme.test');
    const [acmeTeam] = await t.ctx.db.select().from(teams).where(eq(teams.clientId, ids.acme)).limit(1);
    const client = demo();
    for (const [path, body] of [
      [`/Users/${acmeMember.id}`, { userName: 'stolen@corp.test' }],
      [`/Groups/${acmeTeam!.id}`, { displayName: 'Stolen' }],
      ['/Users/not-a-uuid', { userName: 'x@corp.test' }],
    ] as const) {
      expect((await client.send('GET', path)).status, path).toBe(404);
      expect((await client.send('PUT', path, body)).status, path).toBe(404);
      expect((await client.patch(path, [{ op: 'replace', path: 'active', value: false }])).status, path).toBe(
        404,
      );
      expect((await client.send('DELETE', path)).status, path).toBe(404);
    }
    // Nor can a Demo group take Acme's member in.
    const { body } = await client.send('GET', '/Groups?filter=displayName%20eq%20%22Sales%22');
    const added = await client.patch(`/Groups/${body.Resources[0].id}`, [
      { op: 'add', path: 'members', value: [{ value: acmeMember.id }] },
    ]);
    expect(added.status).toBe(400);
    expect(await userByEmail(t.ctx.db, 'member@acme.test')).toMatchObject({
      isActive: true,
      email: 'member@acme.test',
    });
    const [team] = await t.ctx.db.select().from(teams).where(eq(teams.id, acmeTeam!.id));
    expect(team!.name).toBe(acmeTeam!.name);
  });
});

describe('erasure', () => {
  it('forgets the provider’s name for an erased member: SCIM finds them no more', async () => {
    const created = await new EntraClient(t, demoToken).createUser(person('erin'));
    const id = created.body.id as string;
    const erased = await t.app.inject({
      method: 'POST',
      url: `/api/admin/users/${id}/erase`,
      headers: headersFor(tokens.admin),
      payload: { confirm: true },
    });
    expect(erased.statusCode, erased.body).toBe(200);
    expect(await t.ctx.db.select().from(scimUsers).where(eq(scimUsers.userId, id))).toEqual([]);
    expect((await demo().send('GET', `/Users/${id}`)).status).toBe(404);
  });
});

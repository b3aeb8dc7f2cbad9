import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, posts, sessions, teamMembers, teams, users } from '../../db/schema/index.ts';
import { DEMO_PASSWORD } from '../../db/seed/demo.ts';
import { hashPassword } from '../../lib/secrets.ts';
import { buildTestApp, DEMO_HOST, type TestApp } from '../../test/build-test-app.ts';
import { clientIds, headersFor, userByEmail } from '../../test/factories.ts';
import { createPost } from '../../test/factories-people.ts';
import { EntraClient, OktaClient } from '../../test/scim-client.ts';

/**
 * SCIM provisioning (issue 24) as the identity providers drive it: the SCIM client stand-in plays the sequences Entra ID
 * and Okta send — create, update attributes, deactivate (the member is signed out everywhere at once and keeps their
 * history), reactivate, delete, and groups as teams with their members added and removed — in their own forms.
 */
let t: TestApp;
let demo: string;
let token: string;

beforeAll(async () => {
  t = await buildTestApp();
  demo = (await clientIds(t.ctx.db)).demo;
  const admin = await t.login('admin@demo.test');
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/admin/scim-tokens',
    headers: headersFor(admin),
    payload: { name: 'Directory' },
  });
  token = res.json().token;
});
afterAll(() => t.close());

/** Gives the provisioned member a password and signs them in: the session a deactivation must end. */
async function signIn(email: string): Promise<string> {
  await t.ctx.db
    .update(users)
    .set({ passwordHash: await hashPassword(DEMO_PASSWORD) })
    .where(eq(users.email, email));
  return t.login(email);
}
const me = (session: string) => t.app.inject({ url: '/api/me', headers: headersFor(session) });
const auditOf = (target: string) =>
  t.ctx.db
    .select({ action: auditLog.action, data: auditLog.data })
    .from(auditLog)
    .where(and(eq(auditLog.clientId, demo), eq(auditLog.target, target)))
    .orderBy(auditLog.id);

describe('Entra ID', () => {
  it('tests the connection, creates a member, updates them, disables them (signed out at once), enables and deletes them', async () => {
    const entra = new EntraClient(t, token);
    const tested = await entra.testConnection();
    expect(tested.status).toBe(200);
    expect(tested.body).toMatchObject({ totalResults: 0, Resources: [] });

    const person = {
      userName: 'Test_User_ab6490ee',
      givenName: 'Grace',
      familyName: 'Hopper',
      email: 'grace@demo-corp.test',
      externalId: '0a21f0f2-8d2a-4f8e-bf98-7363c4aed4ef',
    };
    expect((await entra.findUser(person.userName)).body.totalResults).toBe(0);
    const created = await entra.createUser(person);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.headers['content-type']).toMatch(/^application\/scim\+json/);
    const id = created.body.id as string;
    expect(created.headers.location).toBe(`${created.body.meta.location}`);
    expect(created.body).toMatchObject({
      schemas: ['urn:ietf:params:scim:schemas:core:2.0:User'],
      userName: person.userName,
      externalId: person.externalId,
      active: true,
      name: { givenName: 'Grace', familyName: 'Hopper' },
      emails: [{ value: 'grace@demo-corp.test', primary: true }],
      meta: { resourceType: 'User' },
    });
    const row = await userByEmail(t.ctx.db, person.email);
    expect(row).toMatchObject({ id, role: 'USER', firstName: 'Grace', isActive: true, clientId: demo });
    expect(row.emailVerifiedAt).not.toBeNull();

    // userName compares without case, as RFC 7643 says of it.
    const found = await entra.findUser(person.userName.toUpperCase());
    expect(found.body).toMatchObject({ totalResults: 1, itemsPerPage: 1, startIndex: 1 });
    expect(found.body.Resources[0].id).toBe(id);

    const updated = await entra.updateUser(id, {
      familyName: 'Murray Hopper',
      email: 'grace.hopper@demo-corp.test',
    });
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    expect(updated.body.name.familyName).toBe('Murray Hopper');
    expect(updated.body.emails[0].value).toBe('grace.hopper@demo-corp.test');
    const more = await entra.addAttributes(id, {
      'name.givenName': 'Amazing Grace',
      'emails[type eq "work"].value': 'amazing.grace@demo-corp.test',
      'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User:department': 'Navy',
    });
    expect(more.status, JSON.stringify(more.body)).toBe(200);
    expect(more.body).toMatchObject({
      name: { givenName: 'Amazing Grace' },
      emails: [{ value: 'amazing.grace@demo-corp.test' }],
    });
    // A work address she did not have yet, by a path filter, and her manager as the bare id Entra sends.
    const moved = await entra.patch(`/Users/${id}`, [
      { op: 'Add', path: 'addresses[type eq "work"].locality', value: 'Arlington' },
      { op: 'Add', path: 'addresses[type eq "work"].country', value: 'US' },
      {
        op: 'Add',
        path: 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User:manager',
        value: 'a1b2',
      },
    ]);
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body.addresses).toEqual([
      { type: 'work', locality: 'Arlington', country: 'US', primary: true },
    ]);
    expect(await userByEmail(t.ctx.db, 'amazing.grace@demo-corp.test')).toMatchObject({ city: 'Arlington' });

    const session = await signIn('amazing.grace@demo-corp.test');
    await createPost(t.ctx.db, { clientId: demo, authorId: id, body: 'Ship early, ship often' });
    expect((await me(session)).statusCode).toBe(200);
    const disabled = await entra.disableUser(id);
    expect(disabled.status, JSON.stringify(disabled.body)).toBe(200);
    expect(disabled.body.active).toBe(false);
    // Signed out everywhere at once: the session answered a moment ago is refused (cache dropped too).
    expect((await me(session)).statusCode).toBe(401);
    const live = await t.ctx.db.select().from(sessions).where(eq(sessions.userId, id));
    expect(live.every((s) => s.revokedAt !== null)).toBe(true);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { host: DEMO_HOST },
      payload: { email: 'amazing.grace@demo-corp.test', password: DEMO_PASSWORD },
    });
    expect(login.json().code).toBe('not_active');
    expect(await t.ctx.db.select().from(posts).where(eq(posts.authorId, id))).toHaveLength(1);

    const enabled = await entra.enableUser(id);
    expect(enabled.body.active).toBe(true);
    expect((await me(await t.login('amazing.grace@demo-corp.test'))).statusCode).toBe(200);

    expect((await entra.deleteUser(id)).status).toBe(204);
    expect((await entra.send('GET', `/Users/${id}`)).status).toBe(404);
    expect((await entra.findUser(person.userName)).body.totalResults).toBe(0);
    // Kept, deactivated, with what they wrote.
    expect(await userByEmail(t.ctx.db, 'amazing.grace@demo-corp.test')).toMatchObject({
      id,
      isActive: false,
    });
    expect(await t.ctx.db.select().from(posts).where(eq(posts.authorId, id))).toHaveLength(1);

    // Provisioned again (assigned to the app once more): the same member comes back, history and all.
    const again = await entra.createUser({ ...person, email: 'amazing.grace@demo-corp.test' });
    expect(again.status, JSON.stringify(again.body)).toBe(201);
    expect(again.body).toMatchObject({ id, active: true });

    expect((await auditOf(id)).map((a) => a.action)).toEqual([
      'scim.user_created',
      'scim.user_updated',
      'scim.user_updated',
      'scim.user_updated',
      'user.deactivate',
      'user.reactivate',
      'user.deactivate',
      'scim.user_deleted',
      'scim.user_created',
    ]);
    expect((await auditOf(id))[4]!.data).toMatchObject({ via: 'scim' });
  });

  it('creates a group as a team, adds and removes members, checks a membership and renames it', async () => {
    const entra = new EntraClient(t, token);
    const a = (
      await entra.createUser({
        userName: 'ada@demo-corp.test',
        givenName: 'Ada',
        familyName: 'L',
        email: 'ada@demo-corp.test',
      })
    ).body.id;
    const b = (
      await entra.createUser({
        userName: 'alan@demo-corp.test',
        givenName: 'Alan',
        familyName: 'T',
        email: 'alan@demo-corp.test',
      })
    ).body.id;

    expect((await entra.findGroup('Engineering')).body.totalResults).toBe(0);
    const group = await entra.createGroup('Engineering', 'e1f0c0de-0000-4000-8000-000000000001');
    expect(group.status, JSON.stringify(group.body)).toBe(201);
    const groupId = group.body.id as string;
    expect(group.body).toMatchObject({
      displayName: 'Engineering',
      externalId: 'e1f0c0de-0000-4000-8000-000000000001',
      members: [],
    });
    const [team] = await t.ctx.db.select().from(teams).where(eq(teams.id, groupId));
    expect(team).toMatchObject({ clientId: demo, name: 'Engineering', isDiscoverable: false });
    const found = await entra.findGroup('engineering');
    expect(found.body.Resources).toHaveLength(1);
    expect(found.body.Resources[0].members).toBeUndefined();

    expect((await entra.addMembers(groupId, [a, b])).status).toBe(204);
    const memberIds = async () =>
      (await t.ctx.db.select().from(teamMembers).where(eq(teamMembers.teamId, groupId)))
        .map((m) => m.userId)
        .sort();
    expect(await memberIds()).toEqual([a, b].sort());
    expect((await entra.hasMember(groupId, a)).body.totalResults).toBe(1);
    const user = await entra.send('GET', `/Users/${a}`);
    expect(user.body.groups).toEqual([expect.objectContaining({ value: groupId, display: 'Engineering' })]);

    expect((await entra.removeMembers(groupId, [a])).status).toBe(204);
    expect(await memberIds()).toEqual([b]);
    expect((await entra.hasMember(groupId, a)).body.totalResults).toBe(0);

    expect((await entra.renameGroup(groupId, 'Platform Engineering')).status).toBe(204);
    const read = await entra.send('GET', `/Groups/${groupId}`);
    expect(read.body).toMatchObject({
      displayName: 'Platform Engineering',
      members: [{ value: b, display: 'Alan T' }],
    });
  });
});

describe('Okta', () => {
  it('creates a member, pushes their profile by PUT, deactivates with {active: false} and reactivates', async () => {
    const okta = new OktaClient(t, token);
    const person = {
      userName: 'katherine@demo-corp.test',
      givenName: 'Katherine',
      familyName: 'Johnson',
      email: 'katherine@demo-corp.test',
    };
    expect((await okta.findUser(person.userName)).body).toMatchObject({ totalResults: 0, Resources: [] });
    const created = await okta.createUser(person);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.id as string;
    // The password Okta sends is never stored: provisioned members sign in through the provider.
    expect((await userByEmail(t.ctx.db, person.email)).passwordHash).toBeNull();

    const replaced = await okta.replaceUser(id, { ...person, familyName: 'Coleman Johnson' });
    expect(replaced.status, JSON.stringify(replaced.body)).toBe(200);
    expect(replaced.body.name).toMatchObject({ givenName: 'Katherine', familyName: 'Coleman Johnson' });

    const session = await signIn(person.email);
    const off = await okta.deactivateUser(id);
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    expect(off.body.active).toBe(false);
    expect((await me(session)).statusCode).toBe(401);
    const on = await okta.reactivateUser(id);
    expect(on.body.active).toBe(true);
    expect((await userByEmail(t.ctx.db, person.email)).isActive).toBe(true);
  });

  it('pushes a group with members, renames it repeating its id, and changes members by a path filter and an add in one PATCH', async () => {
    const okta = new OktaClient(t, token);
    const ids: string[] = [];
    for (const name of ['dorothy', 'mary', 'christine']) {
      const res = await okta.createUser({
        userName: `${name}@demo-corp.test`,
        givenName: name,
        familyName: 'V',
        email: `${name}@demo-corp.test`,
      });
      ids.push(res.body.id);
    }
    const [dorothy, mary, christine] = ids as [string, string, string];
    const pushed = await okta.createGroup('West Computing', [
      { value: dorothy, display: 'dorothy@demo-corp.test' },
      { value: mary, display: 'mary@demo-corp.test' },
    ]);
    expect(pushed.status, JSON.stringify(pushed.body)).toBe(201);
    const groupId = pushed.body.id as string;
    expect(pushed.body.members.map((m: { value: string }) => m.value).sort()).toEqual([dorothy, mary].sort());
    expect((await okta.findGroup('West Computing')).body.Resources[0].id).toBe(groupId);

    expect((await okta.renameGroup(groupId, 'Analysis and Computation')).status).toBe(204);
    const changed = await okta.changeMembers(groupId, {
      remove: [mary],
      add: [{ value: christine, display: 'christine@demo-corp.test' }],
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(204);
    const read = await okta.send('GET', `/Groups/${groupId}`);
    expect(read.body.displayName).toBe('Analysis and Computation');
    expect(read.body.members.map((m: { value: string }) => m.value).sort()).toEqual(
      [dorothy, christine].sort(),
    );

    expect((await okta.deleteGroup(groupId)).status).toBe(204);
    expect((await okta.send('GET', `/Groups/${groupId}`)).status).toBe(404);
    expect(await t.ctx.db.select().from(teams).where(eq(teams.id, groupId))).toEqual([]);
    // The members stay: a team deleted is not a member deleted.
    expect((await okta.send('GET', `/Users/${dorothy}`)).body.active).toBe(true);
  });
});

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scimGroups, scimTokens, scimUsers, teamMembers, users } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { clientIds, createTeam, createUser } from '../../test/factories.ts';
import { addTeamMembers, removeTeamMembers } from '../teams/teams.repository.ts';
import { updateProvisionedUser, upsertScimUser } from './scim.repository.ts';
import { upsertScimGroup } from './scim-groups.repository.ts';
import { insertScimToken, revokeScimToken, touchScimToken } from './scim-tokens.repository.ts';

/**
 * Every SCIM write takes the tenant: called with the other client's id on a row of Demo (or Demo's id on a row of
 * Acme), it changes nothing; with the right client it does (so the first assertion is not vacuous).
 */
let t: TestApp;
let ids: { demo: string; acme: string };
beforeAll(async () => {
  t = await buildTestApp();
  ids = await clientIds(t.ctx.db);
});
afterAll(() => t.close());

const userRow = async (id: string) => (await t.ctx.db.select().from(users).where(eq(users.id, id)))[0];

describe('SCIM writes', () => {
  it("updateProvisionedUser with another client's id changes nothing", async () => {
    const user = await createUser(t.ctx.db, { clientId: ids.demo });
    const before = await userRow(user.id);
    await updateProvisionedUser(t.ctx.db, {
      clientId: ids.acme,
      userId: user.id,
      fields: { firstName: 'Taken' },
    });
    expect(await userRow(user.id)).toEqual(before);
    await updateProvisionedUser(t.ctx.db, {
      clientId: ids.demo,
      userId: user.id,
      fields: { firstName: 'Ours' },
    });
    expect((await userRow(user.id))?.firstName).toBe('Ours');
  });

  it("upsertScimUser names only a member of the client: another client's user gets no SCIM name", async () => {
    const user = await createUser(t.ctx.db, { clientId: ids.demo });
    const row = { userId: user.id, userName: 'x@corp.test', externalId: 'e', deprovisionedAt: null };
    await upsertScimUser(t.ctx.db, { clientId: ids.acme, ...row });
    expect(await t.ctx.db.select().from(scimUsers).where(eq(scimUsers.userId, user.id))).toEqual([]);
    await upsertScimUser(t.ctx.db, { clientId: ids.demo, ...row });
    await upsertScimUser(t.ctx.db, { clientId: ids.demo, ...row, deprovisionedAt: new Date() });
    const [named] = await t.ctx.db.select().from(scimUsers).where(eq(scimUsers.userId, user.id));
    expect(named).toMatchObject({ clientId: ids.demo, userName: 'x@corp.test', externalId: 'e' });
    expect(named!.deprovisionedAt).toBeInstanceOf(Date);
  });

  it("upsertScimGroup, addTeamMembers and removeTeamMembers touch only the client's teams and members", async () => {
    const member = await createUser(t.ctx.db, { clientId: ids.demo });
    const team = await createTeam(t.ctx.db, { clientId: ids.demo, name: 'Ours' }, [member.id]);
    const acmeUser = await createUser(t.ctx.db, { clientId: ids.acme });
    const membersOf = async () =>
      (await t.ctx.db.select().from(teamMembers).where(eq(teamMembers.teamId, team.id))).map((m) => m.userId);

    await upsertScimGroup(t.ctx.db, { clientId: ids.acme, teamId: team.id, externalId: 'x' });
    expect(await t.ctx.db.select().from(scimGroups).where(eq(scimGroups.teamId, team.id))).toEqual([]);
    await upsertScimGroup(t.ctx.db, { clientId: ids.demo, teamId: team.id, externalId: 'x' });
    expect(await t.ctx.db.select().from(scimGroups).where(eq(scimGroups.teamId, team.id))).toHaveLength(1);

    const other = await createUser(t.ctx.db, { clientId: ids.demo });
    await addTeamMembers(t.ctx.db, { clientId: ids.acme, teamId: team.id, userIds: [other.id] });
    await addTeamMembers(t.ctx.db, { clientId: ids.demo, teamId: team.id, userIds: [acmeUser.id] });
    expect(await membersOf()).toEqual([member.id]);
    await removeTeamMembers(t.ctx.db, { clientId: ids.acme, teamId: team.id, userIds: [member.id] });
    expect(await membersOf()).toEqual([member.id]);
    await addTeamMembers(t.ctx.db, { clientId: ids.demo, teamId: team.id, userIds: [other.id] });
    await removeTeamMembers(t.ctx.db, { clientId: ids.demo, teamId: team.id, userIds: [member.id] });
    expect(await membersOf()).toEqual([other.id]);
  });

  it("revokeScimToken and touchScimToken with another client's id leave the token", async () => {
    const token = await insertScimToken(t.ctx.db, {
      clientId: ids.demo,
      name: 'IdP',
      tokenHash: 'hash-of-tenancy-test',
      prefix: 'rally_scim_abc',
    });
    const row = async () => (await t.ctx.db.select().from(scimTokens).where(eq(scimTokens.id, token.id)))[0];
    expect(await revokeScimToken(t.ctx.db, { clientId: ids.acme, id: token.id })).toBeUndefined();
    await touchScimToken(t.ctx.db, { clientId: ids.acme, id: token.id });
    expect(await row()).toMatchObject({ revokedAt: null, lastUsedAt: null });
    await touchScimToken(t.ctx.db, { clientId: ids.demo, id: token.id });
    expect(await revokeScimToken(t.ctx.db, { clientId: ids.demo, id: token.id })).toBeDefined();
    expect((await row())?.revokedAt).not.toBeNull();
    expect((await row())?.lastUsedAt).not.toBeNull();
  });
});

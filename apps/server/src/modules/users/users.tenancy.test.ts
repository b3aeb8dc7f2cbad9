import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activeTime, devices, sessions, teamMembers, users } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { clientIds, createTeam, createUser } from '../../test/factories.ts';
import {
  countClientTeams,
  deleteInvitedUser,
  deleteUserDevices,
  setUserAccess,
  setUserActive,
  setUserTeams,
  touchInvitation,
} from './admin-users.repository.ts';
import { changeUserAccess } from './commands/change-user-access.ts';
import { recordTime } from './commands/record-time.ts';
import { updateMe } from './commands/update-profile.ts';
import { revokeUserSessions } from './credentials.repository.ts';
import {
  acceptContract,
  addActiveMinute,
  completeOnboarding,
  deleteDevice,
  markEmailVerified,
  registerDevice,
  setSessionNotifications,
  setUserPassword,
  updateProfile,
} from './users.repository.ts';

/**
 * Every write of the users repositories and commands, called with the other client's id against a row of the
 * first client, changes nothing: the client_id condition holds even when the row's id is known.
 */

let t: TestApp;
let ids: { demo: string; acme: string };
beforeAll(async () => {
  t = await buildTestApp();
  ids = await clientIds(t.ctx.db);
});
afterAll(() => t.close());

const userRow = async (id: string) => (await t.ctx.db.select().from(users).where(eq(users.id, id)))[0]!;
const demoUser = () => createUser(t.ctx.db, { clientId: ids.demo, contractId: null, onboardedAt: null });

describe('users repository writes with another client’s id', () => {
  it('updateProfile, acceptContract, completeOnboarding, setUserPassword and markEmailVerified change nothing', async () => {
    const user = await createUser(t.ctx.db, { clientId: ids.demo, onboardedAt: null, emailVerifiedAt: null });
    const before = await userRow(user.id);
    const other = { clientId: ids.acme, userId: user.id };
    await updateProfile(t.ctx.db, { ...other, profile: { first_name: 'Changed', bio: 'Changed' } });
    await acceptContract(t.ctx.db, { ...other, contractId: 'contract-of-acme' });
    await completeOnboarding(t.ctx.db, {
      ...other,
      firstName: 'Changed',
      lastName: 'Changed',
      city: 'Changed',
      state: null,
      country: null,
    });
    expect(await setUserPassword(t.ctx.db, { ...other, passwordHash: 'changed' })).toBeUndefined();
    await markEmailVerified(t.ctx.db, other);
    expect(await userRow(user.id)).toEqual(before);
  });

  it('setSessionNotifications leaves the session as it was', async () => {
    const user = await demoUser();
    const [session] = await t.ctx.db
      .insert(sessions)
      .values({
        clientId: ids.demo,
        userId: user.id,
        tokenHash: randomUUID(),
        expiresAt: new Date(Date.now() + 60_000),
      })
      .returning();
    await setSessionNotifications(t.ctx.db, { clientId: ids.acme, sessionId: session!.id, granted: true });
    const [after] = await t.ctx.db.select().from(sessions).where(eq(sessions.id, session!.id));
    expect(after).toEqual(session);
  });

  it('registerDevice and deleteDevice leave the first client’s device as it was', async () => {
    const user = await demoUser();
    const deviceId = randomUUID();
    const [device] = await t.ctx.db
      .insert(devices)
      .values({ clientId: ids.demo, userId: user.id, deviceId, fcmToken: 'token-of-demo', platform: 'ios' })
      .returning();
    expect(await deleteDevice(t.ctx.db, { clientId: ids.acme, userId: user.id, deviceId })).toBe(false);
    // The same device id under the other client is a device of that client: the first client's row is not touched.
    await registerDevice(t.ctx.db, {
      clientId: ids.acme,
      userId: user.id,
      deviceId,
      fcmToken: 'token-of-acme',
      platform: 'web',
    });
    const [after] = await t.ctx.db.select().from(devices).where(eq(devices.id, device!.id));
    expect(after).toEqual(device);
  });

  it('addActiveMinute and the recordTime command do not credit the first client’s time', async () => {
    const user = await demoUser();
    // Last ping 10 minutes ago: a ping of the right client would credit a minute.
    await t.ctx.db.execute(sql`
      insert into ${activeTime} (client_id, user_id, day, seconds, last_ping_at)
      values (${ids.demo}, ${user.id}, (now() at time zone 'utc')::date, 120, now() - interval '10 minutes')`);
    const before = await t.ctx.db.select().from(activeTime).where(eq(activeTime.userId, user.id));
    expect(await addActiveMinute(t.ctx.db, { clientId: ids.acme, userId: user.id })).toBe(0);
    expect(await recordTime(t.ctx.db, { clientId: ids.acme, userId: user.id })).toEqual({ seconds_today: 0 });
    expect(await t.ctx.db.select().from(activeTime).where(eq(activeTime.userId, user.id))).toEqual(before);
    // The right client's ping does credit it (so the test above would see a change).
    expect(await addActiveMinute(t.ctx.db, { clientId: ids.demo, userId: user.id })).toBe(180);
  });

  it('the updateMe command writes no profile of the first client', async () => {
    const user = await demoUser();
    const before = await userRow(user.id);
    await updateMe(
      t.ctx,
      { clientId: ids.acme, id: user.id, username: null, display_username: false, image_url: null },
      { first_name: 'Changed', city: 'Changed' },
    );
    expect(await userRow(user.id)).toEqual(before);
  });
});

describe('admin users writes with another client’s id', () => {
  it('setUserAccess and setUserTeams change neither the role nor the teams', async () => {
    const user = await demoUser();
    const team = await createTeam(t.ctx.db, { clientId: ids.demo }, [user.id]);
    const before = await userRow(user.id);
    await setUserAccess(t.ctx.db, { clientId: ids.acme, userId: user.id, role: 'ADMIN', teamTags: ['x'] });
    await setUserTeams(t.ctx.db, { clientId: ids.acme, userId: user.id, teamIds: [] });
    await setUserTeams(t.ctx.db, { clientId: ids.acme, userId: user.id, teamIds: [], scope: [team.id] });
    expect(await userRow(user.id)).toEqual(before);
    const memberships = await t.ctx.db
      .select()
      .from(teamMembers)
      .where(and(eq(teamMembers.userId, user.id), eq(teamMembers.teamId, team.id)));
    expect(memberships).toHaveLength(1);
    expect(await countClientTeams(t.ctx.db, { clientId: ids.acme, teamIds: [team.id] })).toBe(0);
  });

  it('the changeUserAccess command answers 404 and changes nothing', async () => {
    const user = await demoUser();
    const team = await createTeam(t.ctx.db, { clientId: ids.demo }, [user.id]);
    const acmeAdmin = await createUser(t.ctx.db, { clientId: ids.acme, role: 'ADMIN' });
    const before = await userRow(user.id);
    await expect(
      changeUserAccess(
        t.ctx,
        { clientId: ids.acme, id: acmeAdmin.id, role: 'ADMIN', team_tags: [] },
        { userId: user.id, role: 'ADMIN', teamIds: [] },
      ),
    ).rejects.toMatchObject({ statusCode: 404, message: 'User not found' });
    expect(await userRow(user.id)).toEqual(before);
    const teamsOf = await t.ctx.db.select().from(teamMembers).where(eq(teamMembers.userId, user.id));
    expect(teamsOf.map((m) => m.teamId)).toEqual([team.id]);
  });

  it('setUserActive, deleteUserDevices, touchInvitation and deleteInvitedUser change nothing', async () => {
    const user = await demoUser();
    const invited = await createUser(t.ctx.db, {
      clientId: ids.demo,
      passwordHash: null,
      invitedAt: new Date(0),
    });
    await t.ctx.db.insert(devices).values({
      clientId: ids.demo,
      userId: user.id,
      deviceId: randomUUID(),
      fcmToken: 'tenancy-token',
      platform: 'android',
    });
    const before = await userRow(user.id);
    const other = { clientId: ids.acme, userId: user.id };
    await setUserActive(t.ctx.db, { ...other, active: false });
    await deleteUserDevices(t.ctx.db, other);
    await touchInvitation(t.ctx.db, { clientId: ids.acme, userId: invited.id });
    await t.ctx.db.insert(sessions).values({
      clientId: ids.demo,
      userId: user.id,
      tokenHash: randomUUID(),
      expiresAt: new Date(Date.now() + 60_000),
    });
    await revokeUserSessions(t.ctx.db, other);
    const live = await t.ctx.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(live.every((row) => row.revokedAt === null)).toBe(true);
    expect(await deleteInvitedUser(t.ctx.db, { clientId: ids.acme, userId: invited.id })).toBe(false);
    expect(await userRow(user.id)).toEqual(before);
    expect((await userRow(invited.id)).invitedAt).toEqual(new Date(0));
    expect(await t.ctx.db.select().from(devices).where(eq(devices.userId, user.id))).toHaveLength(1);
  });
});

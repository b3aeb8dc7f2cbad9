import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { teamMembers, teams } from '../../db/schema/index.ts';
import { ACME_HOST, buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { expectBlockedWhilePaused, expectSessionRequired } from '../../test/expectations.ts';
import { clientIds, createTeam, createUser, headersFor } from '../../test/factories.ts';

let t: TestApp;
let ids: { demo: string; acme: string };
let adminToken: string;
beforeAll(async () => {
  t = await buildTestApp();
  ids = await clientIds(t.ctx.db);
  adminToken = await t.login('admin@demo.test');
});
afterAll(() => t.close());

const discover = (token: string, host?: string) =>
  t.app.inject({ url: '/api/teams/discover', headers: headersFor(token, host) });
const names = (res: { json(): { teams: { name: string }[] } }) => res.json().teams.map((team) => team.name);

describe('GET /api/teams/discover', () => {
  it('answers 401 without a valid session of this client', async () => {
    await expectSessionRequired(t, { url: '/api/teams/discover' });
  });

  it('answers 403 client_paused to a member of a paused client', async () => {
    const member = await t.login('member@demo.test');
    await expectBlockedWhilePaused(t, { url: '/api/teams/discover' }, { member, admin: adminToken });
  });

  it("lists this client's discoverable teams the member is not in, by name", async () => {
    const user = await createUser(t.ctx.db, { clientId: ids.demo });
    const joined = await createTeam(t.ctx.db, { clientId: ids.demo, name: 'Aardvarks' }, [user.id]);
    const hidden = await createTeam(t.ctx.db, {
      clientId: ids.demo,
      name: 'Backroom',
      isDiscoverable: false,
    });
    const open = await createTeam(t.ctx.db, {
      clientId: ids.demo,
      name: 'Apiarists',
      imageUrl: '/api/files/x.webp',
    });
    await createTeam(t.ctx.db, { clientId: ids.acme, name: 'Acme Astronauts' });

    const res = await discover(await t.login(user.email!));
    expect(res.statusCode).toBe(200);
    expect(names(res)).toEqual(['Apiarists', 'Customer Success', 'Field Crew', 'Marketing', 'Sales']);
    expect(res.json().teams[0]).toEqual({ id: open.id, name: 'Apiarists', image_url: '/api/files/x.webp' });
    const listed = res.json().teams.map((team: { id: string }) => team.id);
    expect(listed).not.toContain(joined.id);
    expect(listed).not.toContain(hidden.id);
  });

  it('leaves out the teams the seeded member already belongs to', async () => {
    const res = await discover(await t.login('member@demo.test'));
    expect(names(res)).not.toContain('Marketing');
    expect(names(res)).toContain('Sales');
  });

  it('answers an empty list when the member is in every team of the client', async () => {
    const user = await createUser(t.ctx.db, { clientId: ids.acme });
    const acmeTeams = await t.ctx.db.select().from(teams).where(eq(teams.clientId, ids.acme));
    await t.ctx.db
      .insert(teamMembers)
      .values(acmeTeams.map((team) => ({ clientId: ids.acme, teamId: team.id, userId: user.id })));
    const res = await discover(await t.login(user.email!, ACME_HOST), ACME_HOST);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ teams: [] });
  });
});

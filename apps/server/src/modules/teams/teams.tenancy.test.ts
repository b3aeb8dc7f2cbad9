import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { teamMembers, teams, users } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { clientIds, createTeam, createUser } from '../../test/factories.ts';
import { deleteTeam } from './commands/delete-team.ts';
import {
  deleteTeam as deleteTeamRow,
  removeTeamFromTags,
  removeTeamMember,
  updateTeam,
} from './teams.repository.ts';

/**
 * Every team write takes the tenant: called with the other client's id on a team of Demo, it changes nothing;
 * with Demo's own id it does (so the first assertion is not vacuous).
 */

let t: TestApp;
let ids: { demo: string; acme: string };
beforeAll(async () => {
  t = await buildTestApp();
  ids = await clientIds(t.ctx.db);
});
afterAll(() => t.close());

const teamRow = async (id: string) => (await t.ctx.db.select().from(teams).where(eq(teams.id, id)))[0];
const membersOf = async (teamId: string) =>
  (await t.ctx.db.select().from(teamMembers).where(eq(teamMembers.teamId, teamId))).map((m) => m.userId);
const tagsOf = async (userId: string) =>
  (await t.ctx.db.select().from(users).where(eq(users.id, userId)))[0]!.teamTags;

/** A team of Demo with one member, and a lead of Demo whose team tags name it. */
async function demoTeam() {
  const member = await createUser(t.ctx.db, { clientId: ids.demo });
  const team = await createTeam(t.ctx.db, { clientId: ids.demo, name: 'Ours' }, [member.id]);
  const lead = await createUser(t.ctx.db, { clientId: ids.demo, role: 'ANALYST', teamTags: [team.id] });
  return { team, member, lead };
}

describe('team writes', () => {
  it("updateTeam with another client's id changes nothing", async () => {
    const { team } = await demoTeam();
    const before = await teamRow(team.id);
    const changes = { name: 'Taken over', isDiscoverable: false };
    await updateTeam(t.ctx.db, { clientId: ids.acme, teamId: team.id, changes });
    expect(await teamRow(team.id)).toEqual(before);
    await updateTeam(t.ctx.db, { clientId: ids.demo, teamId: team.id, changes });
    expect((await teamRow(team.id))?.name).toBe('Taken over');
  });

  it("deleteTeam (the row) with another client's id leaves the team", async () => {
    const { team, member } = await demoTeam();
    await deleteTeamRow(t.ctx.db, { clientId: ids.acme, teamId: team.id });
    expect(await teamRow(team.id)).toBeDefined();
    expect(await membersOf(team.id)).toEqual([member.id]);
    await deleteTeamRow(t.ctx.db, { clientId: ids.demo, teamId: team.id });
    expect(await teamRow(team.id)).toBeUndefined();
  });

  it("removeTeamFromTags with another client's id leaves the leads' tags", async () => {
    const { team, lead } = await demoTeam();
    await removeTeamFromTags(t.ctx.db, { clientId: ids.acme, teamId: team.id });
    expect(await tagsOf(lead.id)).toEqual([team.id]);
    await removeTeamFromTags(t.ctx.db, { clientId: ids.demo, teamId: team.id });
    expect(await tagsOf(lead.id)).toEqual([]);
  });

  it("removeTeamMember with another client's id keeps the member", async () => {
    const { team, member } = await demoTeam();
    await removeTeamMember(t.ctx.db, { clientId: ids.acme, teamId: team.id, userId: member.id });
    expect(await membersOf(team.id)).toEqual([member.id]);
    await removeTeamMember(t.ctx.db, { clientId: ids.demo, teamId: team.id, userId: member.id });
    expect(await membersOf(team.id)).toEqual([]);
  });
});

describe('the delete-team command', () => {
  it("with another client's id leaves the team, its members and the leads' tags", async () => {
    const { team, member, lead } = await demoTeam();
    const before = await teamRow(team.id);
    await deleteTeam(t.ctx.db, { clientId: ids.acme, teamId: team.id });
    expect(await teamRow(team.id)).toEqual(before);
    expect(await membersOf(team.id)).toEqual([member.id]);
    expect(await tagsOf(lead.id)).toEqual([team.id]);
    await deleteTeam(t.ctx.db, { clientId: ids.demo, teamId: team.id });
    expect(await teamRow(team.id)).toBeUndefined();
    expect(await tagsOf(lead.id)).toEqual([]);
  });
});

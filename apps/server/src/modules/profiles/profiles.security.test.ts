import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import {
  clientIds,
  createActivity,
  createParticipation,
  createProject,
  createTeam,
  createUser,
  inviteToProject,
} from '../../test/factories.ts';
import { call, createPost, memberWithToken } from '../../test/factories-people.ts';

/** Security: a profile shows nothing the viewer could not open themselves, and nothing of another client. */

let t: TestApp;
let ids: { demo: string; acme: string };
beforeAll(async () => {
  t = await buildTestApp();
  ids = await clientIds(t.ctx.db);
});
afterAll(() => t.close());

const profileOf = async (token: string, userId: string, host?: string) => {
  const res = await call(t, 'GET', `/api/users/${userId}/profile`, token, undefined, host);
  expect(res.statusCode).toBe(200);
  return res.json().profile;
};

describe('GET /api/users/{id}/profile — what a viewer may learn', () => {
  it('answers 404 for a user id of another client, whoever asks (even its admin on the wrong host)', async () => {
    const acmeUser = await createUser(t.ctx.db, { clientId: ids.acme });
    const admin = await t.login('admin@demo.test');
    const res = await call(t, 'GET', `/api/users/${acmeUser.id}/profile`, admin);
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain(acmeUser.id);
  });

  it('names a hidden team only to its members, admins and leads', async () => {
    const person = await memberWithToken(t, ids.demo);
    const stranger = await memberWithToken(t, ids.demo);
    const teammate = await memberWithToken(t, ids.demo);
    const hidden = await createTeam(
      t.ctx.db,
      { clientId: ids.demo, name: 'Secret Ops', isDiscoverable: false },
      [person.user.id, teammate.user.id],
    );
    const open = await createTeam(t.ctx.db, { clientId: ids.demo, name: 'Open Crew' }, [person.user.id]);

    // The stranger cannot open the hidden team, so the profile does not name it either.
    expect((await call(t, 'GET', `/api/teams/${hidden.id}`, stranger.token)).statusCode).toBe(404);
    const seen = await profileOf(stranger.token, person.user.id);
    expect(seen.teams.map((x: { id: string }) => x.id)).toEqual([open.id]);
    expect(JSON.stringify(seen)).not.toContain('Secret Ops');

    const byTeammate = await profileOf(teammate.token, person.user.id);
    expect(byTeammate.teams.map((x: { name: string }) => x.name).sort()).toEqual(['Open Crew', 'Secret Ops']);
    const byAdmin = await profileOf(await t.login('admin@demo.test'), person.user.id);
    expect(byAdmin.teams).toHaveLength(2);
    const own = await profileOf(person.token, person.user.id);
    expect(own.teams).toHaveLength(2);
  });

  it('lists participations only in projects the viewer may see (invite-only and team projects stay hidden)', async () => {
    const person = await memberWithToken(t, ids.demo);
    const stranger = await memberWithToken(t, ids.demo);
    const secretTeam = await createTeam(t.ctx.db, { clientId: ids.demo }, [person.user.id]);
    const projects = {
      open: await createProject(t.ctx.db, { clientId: ids.demo, name: 'Open launch' }),
      invite: await createProject(t.ctx.db, {
        clientId: ids.demo,
        name: 'Secret merger',
        audience: 'invite',
      }),
      teams: await createProject(t.ctx.db, {
        clientId: ids.demo,
        name: 'Team-only pilot',
        audience: 'teams',
        audienceTeamIds: [secretTeam.id],
      }),
    };
    await inviteToProject(t.ctx.db, {
      clientId: ids.demo,
      projectId: projects.invite.id,
      userId: person.user.id,
    });
    for (const project of Object.values(projects)) {
      const activity = await createActivity(t.ctx.db, { clientId: ids.demo, projectId: project.id });
      await createParticipation(t.ctx.db, {
        clientId: ids.demo,
        activityId: activity.id,
        userId: person.user.id,
        status: 'completed',
      });
    }

    const seen = await profileOf(stranger.token, person.user.id);
    expect(seen.recent_activity.map((a: { context: string }) => a.context)).toEqual(['Open launch']);
    expect(JSON.stringify(seen)).not.toMatch(/Secret merger|Team-only pilot/);

    const own = await profileOf(person.token, person.user.id);
    expect(own.recent_activity.map((a: { context: string }) => a.context).sort()).toEqual([
      'Open launch',
      'Secret merger',
      'Team-only pilot',
    ]);
    const byAdmin = await profileOf(await t.login('admin@demo.test'), person.user.id);
    expect(byAdmin.recent_activity).toHaveLength(3);
  });

  it('never lists held, removed or team posts in recent activity', async () => {
    const person = await memberWithToken(t, ids.demo);
    const viewer = await memberWithToken(t, ids.demo);
    const team = await createTeam(t.ctx.db, { clientId: ids.demo }, [person.user.id]);
    const shown = await createPost(t.ctx.db, {
      clientId: ids.demo,
      authorId: person.user.id,
      body: 'Public hello',
    });
    await createPost(t.ctx.db, {
      clientId: ids.demo,
      authorId: person.user.id,
      body: 'Held text',
      status: 'held',
    });
    await createPost(t.ctx.db, {
      clientId: ids.demo,
      authorId: person.user.id,
      body: 'Gone',
      status: 'removed',
    });
    await createPost(t.ctx.db, {
      clientId: ids.demo,
      authorId: person.user.id,
      body: 'Team only',
      teamId: team.id,
    });
    const seen = await profileOf(viewer.token, person.user.id);
    expect(seen.recent_activity.map((a: { id: string }) => a.id)).toEqual([shown.id]);
  });
});

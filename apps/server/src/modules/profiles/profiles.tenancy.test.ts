import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import {
  awardBadge,
  clientIds,
  createActivity,
  createBadge,
  createParticipation,
  createProject,
  createTeam,
  createUser,
} from '../../test/factories.ts';
import { awardPoints, createPost } from '../../test/factories-people.ts';
import {
  findEarnedBadges,
  findProfileTeams,
  findRecentActivity,
  getAllTimePoints,
  getProfileUser,
} from './profiles.repository.ts';

/**
 * Tenancy of profiles: the module writes nothing, so its tenancy is that of its reads. Given the other client's
 * id, every repository function answers nothing of a member of the first client, whom the first client's id
 * shows in full.
 */

let t: TestApp;
let ids: { demo: string; acme: string };
beforeAll(async () => {
  t = await buildTestApp();
  ids = await clientIds(t.ctx.db);
});
afterAll(() => t.close());

describe("profiles.repository reads with the other client's id", () => {
  it('answer nothing of a member of the first client: no user, points, badges, teams or activity', async () => {
    const clientId = ids.demo;
    const user = await createUser(t.ctx.db, { clientId });
    await awardPoints(t.ctx.db, { clientId, userId: user.id, points: 40 });
    await awardBadge(t.ctx.db, {
      clientId,
      userId: user.id,
      badgeId: (await createBadge(t.ctx.db, { clientId })).id,
    });
    await createTeam(t.ctx.db, { clientId, isDiscoverable: true }, [user.id]);
    const project = await createProject(t.ctx.db, { clientId });
    const activity = await createActivity(t.ctx.db, { clientId, projectId: project.id });
    await createParticipation(t.ctx.db, { clientId, activityId: activity.id, userId: user.id });
    await createPost(t.ctx.db, { clientId, authorId: user.id });
    const viewer = { id: user.id, seesAll: true };

    const read = (clientId: string) =>
      Promise.all([
        getProfileUser(t.ctx.db, { clientId, userId: user.id }),
        getAllTimePoints(t.ctx.db, { clientId, userId: user.id }),
        findEarnedBadges(t.ctx.db, { clientId, userId: user.id }),
        findProfileTeams(t.ctx.db, { clientId, userId: user.id, viewer }),
        findRecentActivity(t.ctx.db, { clientId, userId: user.id, viewer }),
      ]);
    const [own, points, badges, teams, recent] = await read(ids.demo);
    expect(own?.id).toBe(user.id);
    expect(points).toBe(40);
    expect(badges).toHaveLength(1);
    expect(teams).toHaveLength(1);
    expect(recent).toHaveLength(2);
    expect(await read(ids.acme)).toEqual([undefined, 0, [], [], []]);
  });
});

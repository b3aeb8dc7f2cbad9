import type { TestApp } from '../../test/build-test-app.ts';
import { createActivity, createProject, createUser, joinProject } from '../../test/factories.ts';

const DAY = 86_400_000;
export const inDays = (n: number) => new Date(Date.now() + n * DAY);

export type ActivityInput = Partial<Parameters<typeof createActivity>[1]>;
export const postConfig = (channels: string[] = []) => ({
  type: 'social_post',
  config: { type: 'social_post', template_id: null, creative_ids: [], channels },
});

/** A fresh member of the client and their token. */
export async function newMember(t: TestApp, clientId: string) {
  const user = await createUser(t.ctx.db, { clientId });
  return { user, token: await t.login(user.email!) };
}

/** A fresh member who joined a fresh open project with one social post (all the client's channels unless given). */
export async function joinedPost(
  t: TestApp,
  clientId: string,
  input: ActivityInput = {},
  channels: string[] = [],
) {
  const { user, token } = await newMember(t, clientId);
  const project = await createProject(t.ctx.db, { clientId });
  await joinProject(t.ctx.db, { clientId, projectId: project.id, userId: user.id });
  const activity = await createActivity(t.ctx.db, {
    clientId,
    projectId: project.id,
    points: 20,
    ...postConfig(channels),
    ...input,
  });
  return { user, token, project, activity };
}

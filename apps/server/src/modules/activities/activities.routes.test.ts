import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACME_HOST, buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { expectBlockedWhilePaused, expectSessionRequired } from '../../test/expectations.ts';
import {
  clientIds,
  createActivity,
  createCreative,
  createParticipation,
  createProject,
  createTeam,
  createTemplate,
  createUser,
  headersFor,
  joinProject,
} from '../../test/factories.ts';

let t: TestApp;
let ids: { demo: string; acme: string };
let adminToken: string;
beforeAll(async () => {
  t = await buildTestApp();
  ids = await clientIds(t.ctx.db);
  adminToken = await t.login('admin@demo.test');
});
afterAll(() => t.close());

const DAY = 86_400_000;
const inDays = (n: number) => new Date(Date.now() + n * DAY);

const member = async () => {
  const user = await createUser(t.ctx.db, { clientId: ids.demo });
  return { user, token: await t.login(user.email!) };
};
const get = (id: string, token: string, host?: string) =>
  t.app.inject({ url: `/api/activities/${id}`, headers: headersFor(token, host) });

/** An activity in a fresh open project of Demo, which the member has joined when `userId` is given. */
async function activityIn(
  input: Partial<Parameters<typeof createActivity>[1]> = {},
  opts: { userId?: string; project?: Partial<Parameters<typeof createProject>[1]> } = {},
) {
  const project = await createProject(t.ctx.db, { clientId: ids.demo, ...opts.project });
  if (opts.userId)
    await joinProject(t.ctx.db, { clientId: ids.demo, projectId: project.id, userId: opts.userId });
  const activity = await createActivity(t.ctx.db, { clientId: ids.demo, projectId: project.id, ...input });
  return { project, activity };
}

const socialPost = (config: Record<string, unknown>) => ({
  type: 'social_post',
  config: { type: 'social_post', ...config },
});

describe('GET /api/activities/{id}', () => {
  it('answers 401 without a valid session of this client', async () => {
    const { activity } = await activityIn();
    await expectSessionRequired(t, { url: `/api/activities/${activity.id}` });
  });

  it('answers 400 for an id that is not an activity id', async () => {
    const { token } = await member();
    const res = await get('nope', token);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'id must be an activity id', code: 'invalid_input' });
  });

  it('answers 403 client_paused to a member of a paused client', async () => {
    const { token } = await member();
    const { activity } = await activityIn();
    await expectBlockedWhilePaused(
      t,
      { url: `/api/activities/${activity.id}` },
      { member: token, admin: adminToken },
    );
  });

  it("answers 404 for another client's activity, which its own host serves", async () => {
    const { token } = await member();
    const foreignProject = await createProject(t.ctx.db, { clientId: ids.acme });
    const foreign = await createActivity(t.ctx.db, { clientId: ids.acme, projectId: foreignProject.id });
    const res = await get(foreign.id, token);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Activity not found' });
    const own = await get(foreign.id, await t.login('member@acme.test'), ACME_HOST);
    expect(own.statusCode).toBe(200);
  });

  it('answers 404 for an unknown or archived activity and for one in a hidden or archived project', async () => {
    const { token } = await member();
    const { activity: archived } = await activityIn({ archivedAt: new Date() });
    const { activity: inArchived } = await activityIn({}, { project: { archivedAt: new Date() } });
    const team = await createTeam(t.ctx.db, { clientId: ids.demo });
    const { activity: inTeamOnly } = await activityIn(
      {},
      { project: { audience: 'teams', audienceTeamIds: [team.id] } },
    );
    const { activity: inviteOnly } = await activityIn({}, { project: { audience: 'invite' } });
    for (const id of [
      '0190a0a0-0000-7000-8000-000000000000',
      archived.id,
      inArchived.id,
      inTeamOnly.id,
      inviteOnly.id,
    ]) {
      const res = await get(id, token);
      expect(res.statusCode, id).toBe(404);
      expect(res.json()).toEqual({ message: 'Activity not found' });
    }
  });

  it('answers a social post with its template, creatives in their order and the channels offered', async () => {
    const { user, token } = await member();
    const template = await createTemplate(t.ctx.db, {
      clientId: ids.demo,
      name: 'Launch',
      body: 'Hi, I am [[first_name]] and I love #launch',
      placeholders: [{ id: 'first_name', name: 'Your first name', value: '' }],
      tags: ['spring'],
    });
    const video = await createCreative(t.ctx.db, {
      clientId: ids.demo,
      kind: 'video',
      url: '/api/files/v.mp4',
    });
    const image = await createCreative(t.ctx.db, { clientId: ids.demo, tags: ['hero'] });
    const foreign = await createCreative(t.ctx.db, { clientId: ids.acme });
    const { project, activity } = await activityIn(
      {
        ...socialPost({
          template_id: template.id,
          creative_ids: [image.id, foreign.id, video.id],
          // instagram_legacy is not one of Demo's channels, so it is not offered.
          channels: ['twitter', 'instagram_legacy', 'linkedin'],
        }),
        title: 'Share the launch',
        description: 'Tell your network',
        points: 25,
        dueAt: inDays(3),
      },
      { userId: user.id, project: { name: 'Spring' } },
    );
    const res = await get(activity.id, token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      activity: {
        id: activity.id,
        project_id: project.id,
        type: 'social_post',
        title: 'Share the launch',
        description: 'Tell your network',
        points: 25,
        starts_at: null,
        due_at: activity.dueAt!.toISOString(),
        status: 'todo',
        participation: null,
        project_name: 'Spring',
        can_participate: true,
        content: {
          type: 'social_post',
          template: {
            id: template.id,
            name: 'Launch',
            body: 'Hi, I am [[first_name]] and I love #launch',
            placeholders: [{ id: 'first_name', name: 'Your first name', value: '' }],
            tags: ['spring'],
          },
          creatives: [
            { id: image.id, name: image.name, url: image.url, kind: 'image', tags: ['hero'] },
            { id: video.id, name: video.name, url: '/api/files/v.mp4', kind: 'video', tags: [] },
          ],
          // In the client's order.
          channels: ['linkedin', 'twitter'],
          direct_use: false,
        },
      },
    });
  });

  it('offers every channel of the client when the post names none, and serves an archived template', async () => {
    const { token } = await member();
    const template = await createTemplate(t.ctx.db, { clientId: ids.demo, archivedAt: new Date() });
    const { activity } = await activityIn(
      socialPost({ template_id: template.id, creative_ids: [], channels: [] }),
    );
    const { content } = (await get(activity.id, token)).json().activity;
    expect(content.channels).toEqual(['facebook', 'instagram', 'linkedin', 'tiktok', 'twitter']);
    expect(content.template.id).toBe(template.id);
    expect(content.creatives).toEqual([]);
  });

  it('marks a post for direct use only with a template without placeholders and at most one creative', async () => {
    const { token } = await member();
    const plain = await createTemplate(t.ctx.db, { clientId: ids.demo, body: 'Proud of this #team' });
    const withPlaceholder = await createTemplate(t.ctx.db, {
      clientId: ids.demo,
      body: 'I am [[role]] here',
    });
    // Another client's template is not found, so the post has none.
    const foreignTemplate = await createTemplate(t.ctx.db, { clientId: ids.acme, body: 'No placeholders' });
    const c1 = await createCreative(t.ctx.db, { clientId: ids.demo });
    const c2 = await createCreative(t.ctx.db, { clientId: ids.demo });
    const cases: [Record<string, unknown>, boolean][] = [
      [{ template_id: plain.id, creative_ids: [] }, true],
      [{ template_id: plain.id, creative_ids: [c1.id] }, true],
      [{ template_id: plain.id, creative_ids: [c1.id, c2.id] }, false],
      [{ template_id: withPlaceholder.id, creative_ids: [] }, false],
      [{ template_id: null, creative_ids: [c1.id] }, false],
      [{ template_id: foreignTemplate.id, creative_ids: [] }, false],
    ];
    for (const [config, directUse] of cases) {
      const { activity } = await activityIn(socialPost({ channels: [], ...config }));
      const { content } = (await get(activity.id, token)).json().activity;
      expect(content.direct_use, JSON.stringify(config)).toBe(directUse);
    }
    const { activity } = await activityIn(
      socialPost({ template_id: foreignTemplate.id, creative_ids: [], channels: [] }),
    );
    expect((await get(activity.id, token)).json().activity.content.template).toBeNull();
  });

  it('answers the prompt and choices of a general participation and the brief of a Brand Content activity', async () => {
    const { token } = await member();
    const { activity: poll } = await activityIn({
      type: 'general_participation',
      config: {
        type: 'general_participation',
        prompt: 'Which colour?',
        response: 'choice',
        choices: ['Red', 'Blue'],
      },
    });
    expect((await get(poll.id, token)).json().activity.content).toEqual({
      type: 'general_participation',
      prompt: 'Which colour?',
      response: 'choice',
      choices: ['Red', 'Blue'],
    });
    const { activity: brief } = await activityIn({
      type: 'content_submission',
      config: { type: 'content_submission', prompt: 'Show your desk', media: 'image' },
    });
    expect((await get(brief.id, token)).json().activity.content).toEqual({
      type: 'content_submission',
      prompt: 'Show your desk',
      media: 'image',
    });
    // Defaults for an activity stored without a config.
    const { activity: bare } = await activityIn({ type: 'content_submission' });
    expect((await get(bare.id, token)).json().activity.content).toEqual({
      type: 'content_submission',
      prompt: '',
      media: 'any',
    });
  });

  it('answers a training with its quiz questions but never the answers', async () => {
    const { token } = await member();
    const { activity } = await activityIn({
      type: 'training',
      config: {
        type: 'training',
        body: 'Read this first',
        video_url: '/api/files/intro.mp4',
        pdf_url: null,
        quiz: {
          questions: [
            { question: 'Capital of France?', options: ['Paris', 'Rome'], answer: 0 },
            { question: 'Two plus two?', options: ['3', '4', '5'], answer: 1 },
          ],
          pass_mark: 50,
        },
      },
    });
    const res = await get(activity.id, token);
    expect(res.statusCode).toBe(200);
    expect(res.json().activity.content).toEqual({
      type: 'training',
      body: 'Read this first',
      video_url: '/api/files/intro.mp4',
      pdf_url: null,
      quiz: {
        questions: [
          { question: 'Capital of France?', options: ['Paris', 'Rome'] },
          { question: 'Two plus two?', options: ['3', '4', '5'] },
        ],
        pass_mark: 50,
      },
    });
    expect(res.body).not.toMatch(/"answer"/);

    const { activity: noQuiz } = await activityIn({
      type: 'training',
      config: {
        type: 'training',
        body: 'Just read',
        video_url: null,
        pdf_url: '/api/files/guide.pdf',
        quiz: null,
      },
    });
    expect((await get(noQuiz.id, token)).json().activity.content).toEqual({
      type: 'training',
      body: 'Just read',
      video_url: null,
      pdf_url: '/api/files/guide.pdf',
      quiz: null,
    });
  });

  it('allows taking part only in a joined, running project within the activity window, once unless rejected', async () => {
    const { user, token } = await member();
    const canParticipate = async (id: string) => (await get(id, token)).json().activity.can_participate;
    const joined = { userId: user.id };
    expect(await canParticipate((await activityIn({}, {})).activity.id)).toBe(false);
    expect(await canParticipate((await activityIn({}, joined)).activity.id)).toBe(true);
    expect(
      await canParticipate(
        (await activityIn({}, { ...joined, project: { startsAt: inDays(1) } })).activity.id,
      ),
    ).toBe(false);
    expect(
      await canParticipate(
        (await activityIn({}, { ...joined, project: { endsAt: inDays(-1) } })).activity.id,
      ),
    ).toBe(false);
    expect(await canParticipate((await activityIn({ startsAt: inDays(1) }, joined)).activity.id)).toBe(false);
    expect(await canParticipate((await activityIn({ dueAt: inDays(-1) }, joined)).activity.id)).toBe(false);
    expect(await canParticipate((await activityIn({ dueAt: inDays(1) }, joined)).activity.id)).toBe(true);

    const { activity: done } = await activityIn({}, joined);
    await createParticipation(t.ctx.db, { clientId: ids.demo, activityId: done.id, userId: user.id });
    expect((await get(done.id, token)).json().activity).toMatchObject({
      status: 'completed',
      can_participate: false,
    });
    const { activity: waiting } = await activityIn({ type: 'content_submission' }, joined);
    await createParticipation(t.ctx.db, {
      clientId: ids.demo,
      activityId: waiting.id,
      userId: user.id,
      status: 'pending',
      isComplete: false,
    });
    expect((await get(waiting.id, token)).json().activity).toMatchObject({
      status: 'pending',
      can_participate: false,
    });
    // A rejected submission may be sent again.
    const { activity: rejected } = await activityIn({ type: 'content_submission' }, joined);
    await createParticipation(t.ctx.db, {
      clientId: ids.demo,
      activityId: rejected.id,
      userId: user.id,
      status: 'rejected',
      isComplete: false,
      rejectReason: 'Blurry',
    });
    expect((await get(rejected.id, token)).json().activity).toMatchObject({
      status: 'rejected',
      participation: { reject_reason: 'Blurry' },
      can_participate: true,
    });
  });
});

import { describe, expect, it } from 'vitest';
import { useAdminFixture } from '../../test/admin-fixture.ts';
import { ACME_HOST } from '../../test/build-test-app.ts';
import { expectSessionRequired } from '../../test/expectations.ts';
import { createCreative, createTemplate, createUser, ledgerOf, uploadFile } from '../../test/factories.ts';
import { adminActivitiesHelpers, PDF } from './admin-activities.fixture.ts';
import { inDays, UNKNOWN_ID } from './admin-projects.fixture.ts';

const f = useAdminFixture();
const {
  activityCount,
  activityRow,
  expectAdminOnly,
  demoProject,
  generalBody,
  submissionBody,
  quiz,
  trainingBody,
  socialBody,
  invalidActivityBodies,
} = adminActivitiesHelpers(f);

describe('POST /api/admin/projects/{id}/activities', () => {
  it('answers 401 without a valid session of this client', async () => {
    const projectId = await demoProject();
    await expectSessionRequired(f.t, {
      method: 'POST',
      url: `/api/admin/projects/${projectId}/activities`,
      payload: submissionBody(),
    });
  });

  it('answers 403 to a member and to a team lead, and creates nothing', async () => {
    const projectId = await demoProject();
    const before = await activityCount();
    await expectAdminOnly('POST', `/api/admin/projects/${projectId}/activities`, submissionBody());
    expect(await activityCount()).toBe(before);
  });

  it('answers 400 naming what is wrong, and creates nothing', async () => {
    const projectId = await demoProject();
    const cases = await invalidActivityBodies();
    const before = await activityCount();
    for (const [label, body, message] of cases) {
      const res = await f.send('POST', `/api/admin/projects/${projectId}/activities`, f.tokens.admin, body);
      expect(res.statusCode, label).toBe(400);
      expect(res.json().message, label).toMatch(message);
    }
    const badId = await f.send(
      'POST',
      '/api/admin/projects/launch/activities',
      f.tokens.admin,
      submissionBody(),
    );
    expect(badId.json()).toEqual({ message: 'id must be a project id', code: 'invalid_input' });
    expect(await activityCount()).toBe(before);
  });

  it("answers 404 for another client's project or an unknown one, and creates nothing", async () => {
    const acmeProject = await f.send(
      'POST',
      '/api/admin/projects',
      f.tokens.acmeAdmin,
      { name: 'Mission' },
      ACME_HOST,
    );
    const before = await activityCount();
    for (const id of [acmeProject.json().project.id, UNKNOWN_ID]) {
      const res = await f.send(
        'POST',
        `/api/admin/projects/${id}/activities`,
        f.tokens.admin,
        submissionBody(),
      );
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'Project not found' });
    }
    expect(await activityCount()).toBe(before);
  });

  it('creates a Personal Page post that members see with its template, creatives and channels', async () => {
    const projectId = await demoProject();
    const template = await createTemplate(f.t.ctx.db, { clientId: f.ids.demo, body: 'Launch day! #launch' });
    const image = await uploadFile(f.t.app, f.tokens.admin, { type: 'creative', objectId: f.ids.demo });
    const creative = await createCreative(f.t.ctx.db, { clientId: f.ids.demo, url: image });
    const due = inDays(7);
    const res = await f.send('POST', `/api/admin/projects/${projectId}/activities`, f.tokens.admin, {
      ...socialBody({
        template_id: template.id,
        creative_ids: [creative.id],
        channels: ['twitter', 'linkedin'],
      }),
      description: 'Tell your network',
      due_at: due,
    });
    expect(res.statusCode).toBe(201);
    const { activity } = res.json();
    expect(activity).toEqual({
      id: expect.any(String),
      project_id: projectId,
      type: 'social_post',
      title: 'Share the launch',
      description: 'Tell your network',
      points: 10,
      starts_at: null,
      due_at: due,
      config: {
        type: 'social_post',
        template_id: template.id,
        creative_ids: [creative.id],
        channels: ['twitter', 'linkedin'],
      },
      participation_count: 0,
      created_at: expect.any(String),
    });
    expect(await activityRow(activity.id)).toMatchObject({
      clientId: f.ids.demo,
      projectId,
      type: 'social_post',
      points: 10,
    });

    expect((await f.send('POST', `/api/projects/${projectId}/join`, f.tokens.member)).statusCode).toBe(200);
    const seen = await f.send('GET', `/api/activities/${activity.id}`, f.tokens.member);
    expect(seen.statusCode).toBe(200);
    expect(seen.json().activity).toMatchObject({
      type: 'social_post',
      title: 'Share the launch',
      can_participate: true,
      content: {
        type: 'social_post',
        template: { id: template.id, body: 'Launch day! #launch' },
        creatives: [{ id: creative.id, url: image }],
        channels: ['linkedin', 'twitter'],
        direct_use: true,
      },
    });
    const admin = await f.send('GET', `/api/admin/projects/${projectId}`, f.tokens.admin);
    expect(admin.json().project).toMatchObject({ activity_count: 1, activities: [{ id: activity.id }] });
  });

  it('creates a general participation that a member answers and is awarded for', async () => {
    const projectId = await demoProject();
    const res = await f.send(
      'POST',
      `/api/admin/projects/${projectId}/activities`,
      f.tokens.admin,
      generalBody(),
    );
    expect(res.statusCode).toBe(201);
    const { activity } = res.json();
    expect(activity.config).toEqual({
      type: 'general_participation',
      prompt: 'Which colour?',
      response: 'choice',
      choices: ['Red', 'Blue'],
    });
    const user = await createUser(f.t.ctx.db, { clientId: f.ids.demo });
    const token = await f.t.login(user.email!);
    await f.send('POST', `/api/projects/${projectId}/join`, token);
    const content = (await f.send('GET', `/api/activities/${activity.id}`, token)).json().activity.content;
    expect(content).toEqual({
      type: 'general_participation',
      prompt: 'Which colour?',
      response: 'choice',
      choices: ['Red', 'Blue'],
    });
    const answer = await f.send('POST', `/api/activities/${activity.id}/participation`, token, {
      type: 'general_participation',
      choice: 'Blue',
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.json().points_awarded).toBe(5);
    expect((await ledgerOf(f.t.ctx.db, user.id)).map((r) => r.points)).toEqual([5]);
  });

  it('creates a Brand Content activity that waits for review once a member submits', async () => {
    const projectId = await demoProject();
    const res = await f.send('POST', `/api/admin/projects/${projectId}/activities`, f.tokens.admin, {
      ...submissionBody(),
      starts_at: inDays(-1),
      due_at: inDays(2),
    });
    expect(res.statusCode).toBe(201);
    const { activity } = res.json();
    expect(activity).toMatchObject({
      type: 'content_submission',
      config: { prompt: 'A photo with the product', media: 'image' },
    });
    const user = await createUser(f.t.ctx.db, { clientId: f.ids.demo });
    const token = await f.t.login(user.email!);
    await f.send('POST', `/api/projects/${projectId}/join`, token);
    const photo = await uploadFile(f.t.app, token, { type: 'submission', objectId: f.ids.demo });
    const submit = await f.send('POST', `/api/activities/${activity.id}/participation`, token, {
      type: 'content_submission',
      caption: 'Here it is',
      media_urls: [photo],
    });
    expect(submit.statusCode).toBe(200);
    expect(submit.json()).toMatchObject({ points_awarded: 0, activity: { status: 'pending' } });
    const admin = await f.send('GET', `/api/admin/projects/${projectId}`, f.tokens.admin);
    expect(admin.json().project.activities[0]).toMatchObject({ id: activity.id, participation_count: 1 });
  });

  it('creates a training with a PDF and a quiz whose answers members never see', async () => {
    const projectId = await demoProject();
    const pdf = await uploadFile(f.t.app, f.tokens.admin, {
      type: 'training',
      objectId: f.ids.demo,
      body: PDF,
      fileName: 'guide.pdf',
    });
    const res = await f.send(
      'POST',
      `/api/admin/projects/${projectId}/activities`,
      f.tokens.admin,
      trainingBody({ pdf_url: pdf }),
    );
    expect(res.statusCode).toBe(201);
    const { activity } = res.json();
    expect(activity.config).toEqual({
      type: 'training',
      body: 'Our colour is teal.',
      video_url: null,
      pdf_url: pdf,
      quiz,
    });

    const user = await createUser(f.t.ctx.db, { clientId: f.ids.demo });
    const token = await f.t.login(user.email!);
    await f.send('POST', `/api/projects/${projectId}/join`, token);
    const seen = await f.send('GET', `/api/activities/${activity.id}`, token);
    expect(seen.json().activity.content).toEqual({
      type: 'training',
      body: 'Our colour is teal.',
      video_url: null,
      pdf_url: pdf,
      quiz: { questions: [{ question: 'Which colour is ours?', options: ['Red', 'Teal'] }], pass_mark: 100 },
    });
    const wrong = await f.send('POST', `/api/activities/${activity.id}/participation`, token, {
      type: 'training',
      answers: [0],
    });
    expect(wrong.json()).toMatchObject({ points_awarded: 0, score: { correct: 0, total: 1, passed: false } });
    const right = await f.send('POST', `/api/activities/${activity.id}/participation`, token, {
      type: 'training',
      answers: [1],
    });
    expect(right.json()).toMatchObject({ points_awarded: 15, score: { correct: 1, total: 1, passed: true } });
  });
});

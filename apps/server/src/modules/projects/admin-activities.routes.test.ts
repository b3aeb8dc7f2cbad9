import { TITLE_MAX_LENGTH } from '@rally/shared';
import { count, eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activities, participations } from '../../db/schema/index.ts';
import { ACME_HOST, buildTestApp, DEMO_HOST, type TestApp } from '../../test/build-test-app.ts';
import { expectSessionRequired } from '../../test/expectations.ts';
import {
  clientIds,
  createCreative,
  createTemplate,
  createUser,
  headersFor,
  ledgerOf,
  uploadFile,
} from '../../test/factories.ts';

let t: TestApp;
let ids: { demo: string; acme: string };
let adminToken: string;
let memberToken: string;
let leadToken: string;
let acmeAdminToken: string;
beforeAll(async () => {
  t = await buildTestApp();
  ids = await clientIds(t.ctx.db);
  [adminToken, memberToken, leadToken, acmeAdminToken] = await Promise.all([
    t.login('admin@demo.test'),
    t.login('member@demo.test'),
    t.login('lead@demo.test'),
    t.login('admin@acme.test'),
  ]);
});
afterAll(() => t.close());

const DAY = 86_400_000;
const inDays = (n: number) => new Date(Date.now() + n * DAY).toISOString();
const UNKNOWN_ID = '0190a0a0-0000-7000-8000-000000000000';
const FORBIDDEN = { message: 'You are not allowed to manage projects' };
const PDF = Buffer.from('%PDF-1.4\n%âãÏÓ\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n');

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
const send = (method: Method, url: string, token: string, payload?: object, host = DEMO_HOST) =>
  t.app.inject({
    method,
    url,
    headers: headersFor(token, host),
    ...(payload === undefined ? {} : { payload }),
  } as InjectOptions);
const activityCount = async () => (await t.ctx.db.select({ n: count() }).from(activities))[0]!.n;
const activityRow = async (id: string) =>
  (await t.ctx.db.select().from(activities).where(eq(activities.id, id)))[0]!;

/** A member (USER) and a team lead (ANALYST) both get 403 for the call. */
async function expectAdminOnly(method: Method, url: string, payload?: object) {
  for (const token of [memberToken, leadToken]) {
    const res = await send(method, url, token, payload);
    expect(res.statusCode, `${method} ${url}`).toBe(403);
    expect(res.json()).toEqual(FORBIDDEN);
  }
}

/** A running open project of Demo made through the admin API. */
async function demoProject() {
  const res = await send('POST', '/api/admin/projects', adminToken, {
    name: 'Launch',
    starts_at: inDays(-1),
  });
  expect(res.statusCode).toBe(201);
  return res.json().project.id as string;
}

/** Valid bodies of each activity type. */
const generalBody = (config: Record<string, unknown> = {}) => ({
  title: 'Pick a favourite',
  points: 5,
  config: {
    type: 'general_participation',
    prompt: 'Which colour?',
    response: 'choice',
    choices: ['Red', 'Blue'],
    ...config,
  },
});
const submissionBody = (config: Record<string, unknown> = {}) => ({
  title: 'Show the product',
  points: 20,
  config: { type: 'content_submission', prompt: 'A photo with the product', media: 'image', ...config },
});
const quiz = {
  questions: [{ question: 'Which colour is ours?', options: ['Red', 'Teal'], answer: 1 }],
  pass_mark: 100,
};
const trainingBody = (config: Record<string, unknown> = {}) => ({
  title: 'Brand basics',
  points: 15,
  config: { type: 'training', body: 'Our colour is teal.', quiz, ...config },
});
const socialBody = (config: Record<string, unknown>) => ({
  title: 'Share the launch',
  points: 10,
  config: { type: 'social_post', template_id: null, creative_ids: [], channels: ['twitter'], ...config },
});

/** An activity of Acme made through Acme's own admin API. */
async function acmeActivity() {
  const project = await send('POST', '/api/admin/projects', acmeAdminToken, { name: 'Mission' }, ACME_HOST);
  const res = await send(
    'POST',
    `/api/admin/projects/${project.json().project.id}/activities`,
    acmeAdminToken,
    submissionBody(),
    ACME_HOST,
  );
  expect(res.statusCode).toBe(201);
  return res.json().activity.id as string;
}

/** Bodies the activity schema or checks refuse, with the message each answers. */
async function invalidActivityBodies(): Promise<[string, object, RegExp][]> {
  const acmeTemplate = await createTemplate(t.ctx.db, { clientId: ids.acme });
  const archivedTemplate = await createTemplate(t.ctx.db, { clientId: ids.demo, archivedAt: new Date() });
  const acmeCreative = await createCreative(t.ctx.db, { clientId: ids.acme });
  const archivedCreative = await createCreative(t.ctx.db, { clientId: ids.demo, archivedAt: new Date() });
  const creative = await createCreative(t.ctx.db, { clientId: ids.demo });
  const acmeFile = await uploadFile(t.app, acmeAdminToken, {
    type: 'training',
    objectId: ids.acme,
    host: ACME_HOST,
    body: PDF,
    fileName: 'guide.pdf',
  });
  const image = await uploadFile(t.app, adminToken, { type: 'training', objectId: ids.demo });
  const question = (q: Record<string, unknown>) => ({
    questions: [{ question: 'Q?', options: ['A', 'B'], answer: 0, ...q }],
    pass_mark: 50,
  });
  const noTemplate = /template_id: no such template in the library/;
  const noCreative = /creative_ids: no such creative in the library/;
  return [
    ['no title', { points: 1, config: submissionBody().config }, /^Title is required$/],
    ['blank title', { ...submissionBody(), title: '  ' }, /^Title is required$/],
    [
      'long title',
      { ...submissionBody(), title: 't'.repeat(TITLE_MAX_LENGTH + 1) },
      /Title must be 120 characters/,
    ],
    ['no points', { title: 'x', config: submissionBody().config }, /Points must be a number/],
    ['negative points', { ...submissionBody(), points: -1 }, /Points cannot be negative/],
    ['fractional points', { ...submissionBody(), points: 1.5 }, /Points must be a whole number/],
    ['bad start', { ...submissionBody(), starts_at: 'soon' }, /Start must be a date and time \(ISO 8601\)/],
    ['bad due date', { ...submissionBody(), due_at: '2026-02-31' }, /Due date must be a date and time/],
    [
      'due before start',
      { ...submissionBody(), starts_at: inDays(3), due_at: inDays(1) },
      /^Due date must be after the start$/,
    ],
    ['no config', { title: 'x', points: 1 }, /config/],
    ['unknown type', { ...submissionBody(), config: { type: 'all', prompt: 'x' } }, /config/],
    ['unknown template', socialBody({ template_id: UNKNOWN_ID }), noTemplate],
    ["another client's template", socialBody({ template_id: acmeTemplate.id }), noTemplate],
    ['archived template', socialBody({ template_id: archivedTemplate.id }), noTemplate],
    [
      'template id not an id',
      socialBody({ template_id: 'welcome' }),
      /template_id must be a library template id/,
    ],
    ['unknown creative', socialBody({ creative_ids: [creative.id, UNKNOWN_ID] }), noCreative],
    ["another client's creative", socialBody({ creative_ids: [acmeCreative.id] }), noCreative],
    ['archived creative', socialBody({ creative_ids: [archivedCreative.id] }), noCreative],
    ['too many creatives', socialBody({ creative_ids: Array(11).fill(creative.id) }), /At most 10 creatives/],
    ['post with nothing', socialBody({}), /^A Personal Page post needs a template or at least one creative$/],
    ['unknown channel', socialBody({ creative_ids: [creative.id], channels: ['myspace'] }), /channels/],
    ['no prompt', generalBody({ prompt: ' ' }), /Prompt is required/],
    ['unknown response', generalBody({ response: 'video' }), /response must be text, choice or photo/],
    ['one choice', generalBody({ choices: ['Only'] }), /^A choice needs at least 2 options$/],
    ['no choices', generalBody({ choices: [] }), /^A choice needs at least 2 options$/],
    ['submission without prompt', submissionBody({ prompt: undefined }), /Prompt is required|prompt/],
    ['unknown media', submissionBody({ media: 'audio' }), /media/],
    [
      'answer out of range',
      trainingBody({ quiz: question({ answer: 2 }) }),
      /^Question 1: the answer must be one of its options$/,
    ],
    ['negative answer', trainingBody({ quiz: question({ answer: -1 }) }), /answer/],
    [
      'one option',
      trainingBody({ quiz: question({ options: ['A'] }) }),
      /A question needs at least 2 options/,
    ],
    [
      'no questions',
      trainingBody({ quiz: { questions: [], pass_mark: 50 } }),
      /A quiz needs at least one question/,
    ],
    ['pass mark over 100', trainingBody({ quiz: { ...question({}), pass_mark: 101 } }), /pass_mark/],
    ['empty training', trainingBody({ body: '  ', quiz: null }), /^A training needs text, a video or a PDF$/],
    [
      'http video',
      trainingBody({ video_url: 'http://example.com/v.mp4' }),
      /Video must be an uploaded file or an https URL/,
    ],
    [
      "another client's PDF",
      trainingBody({ pdf_url: acmeFile }),
      /^PDF must be a file uploaded to this app$/,
    ],
    ['image as PDF', trainingBody({ pdf_url: image }), /^PDF has the wrong file type$/],
    ['image as video', trainingBody({ video_url: image }), /^Video has the wrong file type$/],
  ];
}

describe('POST /api/admin/projects/{id}/activities', () => {
  it('answers 401 without a valid session of this client', async () => {
    const projectId = await demoProject();
    await expectSessionRequired(t, {
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
      const res = await send('POST', `/api/admin/projects/${projectId}/activities`, adminToken, body);
      expect(res.statusCode, label).toBe(400);
      expect(res.json().message, label).toMatch(message);
    }
    const badId = await send('POST', '/api/admin/projects/launch/activities', adminToken, submissionBody());
    expect(badId.json()).toEqual({ message: 'id must be a project id', code: 'invalid_input' });
    expect(await activityCount()).toBe(before);
  });

  it("answers 404 for another client's project or an unknown one, and creates nothing", async () => {
    const acmeProject = await send(
      'POST',
      '/api/admin/projects',
      acmeAdminToken,
      { name: 'Mission' },
      ACME_HOST,
    );
    const before = await activityCount();
    for (const id of [acmeProject.json().project.id, UNKNOWN_ID]) {
      const res = await send('POST', `/api/admin/projects/${id}/activities`, adminToken, submissionBody());
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'Project not found' });
    }
    expect(await activityCount()).toBe(before);
  });

  it('creates a Personal Page post that members see with its template, creatives and channels', async () => {
    const projectId = await demoProject();
    const template = await createTemplate(t.ctx.db, { clientId: ids.demo, body: 'Launch day! #launch' });
    const image = await uploadFile(t.app, adminToken, { type: 'creative', objectId: ids.demo });
    const creative = await createCreative(t.ctx.db, { clientId: ids.demo, url: image });
    const due = inDays(7);
    const res = await send('POST', `/api/admin/projects/${projectId}/activities`, adminToken, {
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
      clientId: ids.demo,
      projectId,
      type: 'social_post',
      points: 10,
    });

    expect((await send('POST', `/api/projects/${projectId}/join`, memberToken)).statusCode).toBe(200);
    const seen = await send('GET', `/api/activities/${activity.id}`, memberToken);
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
    const admin = await send('GET', `/api/admin/projects/${projectId}`, adminToken);
    expect(admin.json().project).toMatchObject({ activity_count: 1, activities: [{ id: activity.id }] });
  });

  it('creates a general participation that a member answers and is awarded for', async () => {
    const projectId = await demoProject();
    const res = await send('POST', `/api/admin/projects/${projectId}/activities`, adminToken, generalBody());
    expect(res.statusCode).toBe(201);
    const { activity } = res.json();
    expect(activity.config).toEqual({
      type: 'general_participation',
      prompt: 'Which colour?',
      response: 'choice',
      choices: ['Red', 'Blue'],
    });
    const user = await createUser(t.ctx.db, { clientId: ids.demo });
    const token = await t.login(user.email!);
    await send('POST', `/api/projects/${projectId}/join`, token);
    const content = (await send('GET', `/api/activities/${activity.id}`, token)).json().activity.content;
    expect(content).toEqual({
      type: 'general_participation',
      prompt: 'Which colour?',
      response: 'choice',
      choices: ['Red', 'Blue'],
    });
    const answer = await send('POST', `/api/activities/${activity.id}/participation`, token, {
      type: 'general_participation',
      choice: 'Blue',
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.json().points_awarded).toBe(5);
    expect((await ledgerOf(t.ctx.db, user.id)).map((r) => r.points)).toEqual([5]);
  });

  it('creates a Brand Content activity that waits for review once a member submits', async () => {
    const projectId = await demoProject();
    const res = await send('POST', `/api/admin/projects/${projectId}/activities`, adminToken, {
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
    const user = await createUser(t.ctx.db, { clientId: ids.demo });
    const token = await t.login(user.email!);
    await send('POST', `/api/projects/${projectId}/join`, token);
    const photo = await uploadFile(t.app, token, { type: 'submission', objectId: ids.demo });
    const submit = await send('POST', `/api/activities/${activity.id}/participation`, token, {
      type: 'content_submission',
      caption: 'Here it is',
      media_urls: [photo],
    });
    expect(submit.statusCode).toBe(200);
    expect(submit.json()).toMatchObject({ points_awarded: 0, activity: { status: 'pending' } });
    const admin = await send('GET', `/api/admin/projects/${projectId}`, adminToken);
    expect(admin.json().project.activities[0]).toMatchObject({ id: activity.id, participation_count: 1 });
  });

  it('creates a training with a PDF and a quiz whose answers members never see', async () => {
    const projectId = await demoProject();
    const pdf = await uploadFile(t.app, adminToken, {
      type: 'training',
      objectId: ids.demo,
      body: PDF,
      fileName: 'guide.pdf',
    });
    const res = await send(
      'POST',
      `/api/admin/projects/${projectId}/activities`,
      adminToken,
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

    const user = await createUser(t.ctx.db, { clientId: ids.demo });
    const token = await t.login(user.email!);
    await send('POST', `/api/projects/${projectId}/join`, token);
    const seen = await send('GET', `/api/activities/${activity.id}`, token);
    expect(seen.json().activity.content).toEqual({
      type: 'training',
      body: 'Our colour is teal.',
      video_url: null,
      pdf_url: pdf,
      quiz: { questions: [{ question: 'Which colour is ours?', options: ['Red', 'Teal'] }], pass_mark: 100 },
    });
    const wrong = await send('POST', `/api/activities/${activity.id}/participation`, token, {
      type: 'training',
      answers: [0],
    });
    expect(wrong.json()).toMatchObject({ points_awarded: 0, score: { correct: 0, total: 1, passed: false } });
    const right = await send('POST', `/api/activities/${activity.id}/participation`, token, {
      type: 'training',
      answers: [1],
    });
    expect(right.json()).toMatchObject({ points_awarded: 15, score: { correct: 1, total: 1, passed: true } });
  });
});

describe('PATCH /api/admin/activities/{id}', () => {
  /** A Brand Content activity in a fresh project. */
  async function submissionActivity() {
    const projectId = await demoProject();
    const res = await send(
      'POST',
      `/api/admin/projects/${projectId}/activities`,
      adminToken,
      submissionBody(),
    );
    return { projectId, id: res.json().activity.id as string };
  }

  it('answers 401 without a valid session of this client', async () => {
    const { id } = await submissionActivity();
    await expectSessionRequired(t, {
      method: 'PATCH',
      url: `/api/admin/activities/${id}`,
      payload: submissionBody(),
    });
  });

  it('answers 403 to a member and to a team lead, and changes nothing', async () => {
    const { id } = await submissionActivity();
    const before = await activityRow(id);
    await expectAdminOnly('PATCH', `/api/admin/activities/${id}`, { ...submissionBody(), title: 'Mine now' });
    expect(await activityRow(id)).toEqual(before);
  });

  it('answers 400 naming what is wrong, a change of type included, and changes nothing', async () => {
    const projectId = await demoProject();
    const ofType = {
      social_post: socialBody({
        creative_ids: [(await createCreative(t.ctx.db, { clientId: ids.demo })).id],
      }),
      general_participation: generalBody(),
      content_submission: submissionBody(),
      training: trainingBody(),
    };
    const made: Record<string, string> = {};
    for (const [type, body] of Object.entries(ofType)) {
      const res = await send('POST', `/api/admin/projects/${projectId}/activities`, adminToken, body);
      expect(res.statusCode, type).toBe(201);
      made[type] = res.json().activity.id;
    }
    const before = await Promise.all(Object.values(made).map(activityRow));
    for (const [type, id] of Object.entries(made)) {
      for (const [other, body] of Object.entries(ofType)) {
        if (other === type) continue;
        const res = await send('PATCH', `/api/admin/activities/${id}`, adminToken, body);
        expect(res.statusCode, `${type} → ${other}`).toBe(400);
        expect(res.json().message).toBe(`config.type must stay ${type}: an activity's type cannot change`);
      }
    }
    for (const [label, body, message] of await invalidActivityBodies()) {
      const config = (body as { config?: { type?: string } }).config;
      const id = made[config?.type ?? 'content_submission'] ?? made.content_submission!;
      const res = await send('PATCH', `/api/admin/activities/${id}`, adminToken, body);
      expect(res.statusCode, label).toBe(400);
      expect(res.json().message, label).toMatch(message);
    }
    const badId = await send('PATCH', '/api/admin/activities/42', adminToken, submissionBody());
    expect(badId.json()).toEqual({ message: 'id must be an activity id', code: 'invalid_input' });
    expect(await Promise.all(Object.values(made).map(activityRow))).toEqual(before);
  });

  it("answers 404 for another client's activity, an archived or an unknown one, and changes nothing", async () => {
    const foreign = await acmeActivity();
    const foreignBefore = await activityRow(foreign);
    const { id: archived } = await submissionActivity();
    await send('DELETE', `/api/admin/activities/${archived}`, adminToken);
    const archivedBefore = await activityRow(archived);
    for (const id of [foreign, archived, UNKNOWN_ID]) {
      const res = await send('PATCH', `/api/admin/activities/${id}`, adminToken, {
        ...submissionBody(),
        title: 'Edited',
      });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'Activity not found' });
    }
    expect(await activityRow(foreign)).toEqual(foreignBefore);
    expect(await activityRow(archived)).toEqual(archivedBefore);
  });

  it('replaces the content, points and dates; members see the new version', async () => {
    const { projectId, id } = await submissionActivity();
    const starts = inDays(-1);
    const due = inDays(4);
    const res = await send('PATCH', `/api/admin/activities/${id}`, adminToken, {
      title: 'Show the new product',
      description: 'Any format',
      points: 30,
      starts_at: starts,
      due_at: due,
      config: { type: 'content_submission', prompt: 'A video or a photo', media: 'any' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().activity).toMatchObject({
      id,
      project_id: projectId,
      title: 'Show the new product',
      description: 'Any format',
      points: 30,
      starts_at: starts,
      due_at: due,
      config: { type: 'content_submission', prompt: 'A video or a photo', media: 'any' },
    });
    expect(await activityRow(id)).toMatchObject({
      title: 'Show the new product',
      points: 30,
      dueAt: new Date(due),
    });
    await send('POST', `/api/projects/${projectId}/join`, memberToken);
    const seen = await send('GET', `/api/activities/${id}`, memberToken);
    expect(seen.json().activity).toMatchObject({
      title: 'Show the new product',
      points: 30,
      content: { prompt: 'A video or a photo', media: 'any' },
    });
  });

  it('lets a post that uses a template archived since then be edited without choosing another', async () => {
    const projectId = await demoProject();
    const template = await createTemplate(t.ctx.db, { clientId: ids.demo });
    const creative = await createCreative(t.ctx.db, { clientId: ids.demo });
    const body = socialBody({ template_id: template.id, creative_ids: [creative.id] });
    const created = await send('POST', `/api/admin/projects/${projectId}/activities`, adminToken, body);
    const { id } = created.json().activity;
    expect((await send('DELETE', `/api/admin/library/templates/${template.id}`, adminToken)).statusCode).toBe(
      200,
    );
    expect((await send('DELETE', `/api/admin/library/creatives/${creative.id}`, adminToken)).statusCode).toBe(
      200,
    );

    const res = await send('PATCH', `/api/admin/activities/${id}`, adminToken, { ...body, title: 'Renamed' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().activity).toMatchObject({
      title: 'Renamed',
      config: { template_id: template.id, creative_ids: [creative.id] },
    });
    // Another archived template is still refused.
    const other = await createTemplate(t.ctx.db, { clientId: ids.demo, archivedAt: new Date() });
    const swap = await send(
      'PATCH',
      `/api/admin/activities/${id}`,
      adminToken,
      socialBody({ template_id: other.id }),
    );
    expect(swap.statusCode).toBe(400);
  });
});

describe('DELETE /api/admin/activities/{id}', () => {
  async function activityWithWork() {
    const projectId = await demoProject();
    const res = await send('POST', `/api/admin/projects/${projectId}/activities`, adminToken, generalBody());
    const id = res.json().activity.id as string;
    const user = await createUser(t.ctx.db, { clientId: ids.demo });
    const token = await t.login(user.email!);
    await send('POST', `/api/projects/${projectId}/join`, token);
    const answer = await send('POST', `/api/activities/${id}/participation`, token, {
      type: 'general_participation',
      choice: 'Red',
    });
    expect(answer.statusCode).toBe(200);
    return { projectId, id, user, token };
  }

  it('answers 401 without a valid session of this client', async () => {
    const { id } = await activityWithWork();
    await expectSessionRequired(t, { method: 'DELETE', url: `/api/admin/activities/${id}` });
    expect((await activityRow(id)).archivedAt).toBeNull();
  });

  it('answers 403 to a member and to a team lead, and archives nothing', async () => {
    const { id } = await activityWithWork();
    await expectAdminOnly('DELETE', `/api/admin/activities/${id}`);
    expect((await activityRow(id)).archivedAt).toBeNull();
  });

  it('answers 400 for an id that is not an activity id', async () => {
    const res = await send('DELETE', '/api/admin/activities/first', adminToken);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'id must be an activity id', code: 'invalid_input' });
  });

  it("answers 404 for another client's activity or an unknown one, and archives nothing", async () => {
    const foreign = await acmeActivity();
    for (const id of [foreign, UNKNOWN_ID]) {
      const res = await send('DELETE', `/api/admin/activities/${id}`, adminToken);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'Activity not found' });
    }
    expect((await activityRow(foreign)).archivedAt).toBeNull();
  });

  it("archives the activity: gone for members and admins, the members' participations and points kept", async () => {
    const { projectId, id, user, token } = await activityWithWork();
    const res = await send('DELETE', `/api/admin/activities/${id}`, adminToken);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    expect((await activityRow(id)).archivedAt).toBeInstanceOf(Date);

    expect((await send('GET', `/api/activities/${id}`, token)).statusCode).toBe(404);
    const project = (await send('GET', `/api/projects/${projectId}`, token)).json().project;
    expect(project.activities).toEqual([]);
    const admin = (await send('GET', `/api/admin/projects/${projectId}`, adminToken)).json().project;
    expect(admin).toMatchObject({ activity_count: 0, activities: [] });

    const kept = await t.ctx.db.select().from(participations).where(eq(participations.activityId, id));
    expect(kept).toHaveLength(1);
    expect((await ledgerOf(t.ctx.db, user.id)).map((r) => r.points)).toEqual([5]);

    const again = await send('DELETE', `/api/admin/activities/${id}`, adminToken);
    expect(again.statusCode).toBe(404);
  });
});

import { and, count, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { participations } from '../../db/schema/index.ts';
import { ACME_HOST, buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { expectBlockedWhilePaused, expectSessionRequired } from '../../test/expectations.ts';
import {
  clientIds,
  createActivity,
  createParticipation,
  createProject,
  createUpload,
  createUser,
  headersFor,
  joinProject,
  ledgerOf,
} from '../../test/factories.ts';

let t: TestApp;
let ids: { demo: string; acme: string };
let adminToken: string;
let png: Buffer;
beforeAll(async () => {
  t = await buildTestApp();
  ids = await clientIds(t.ctx.db);
  adminToken = await t.login('admin@demo.test');
  png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#08f' } })
    .png()
    .toBuffer();
});
afterAll(() => t.close());

const DAY = 86_400_000;
const inDays = (n: number) => new Date(Date.now() + n * DAY);

const member = async () => {
  const user = await createUser(t.ctx.db, { clientId: ids.demo });
  return { user, token: await t.login(user.email!) };
};

/** A fresh member who joined a fresh open project with one activity. */
async function joinedActivity(
  input: Partial<Parameters<typeof createActivity>[1]> = {},
  project: Partial<Parameters<typeof createProject>[1]> = {},
) {
  const { user, token } = await member();
  const p = await createProject(t.ctx.db, { clientId: ids.demo, ...project });
  await joinProject(t.ctx.db, { clientId: ids.demo, projectId: p.id, userId: user.id });
  const activity = await createActivity(t.ctx.db, {
    clientId: ids.demo,
    projectId: p.id,
    points: 10,
    ...input,
  });
  return { user, token, project: p, activity };
}

const participate = (id: string, token: string, payload?: object, host?: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/activities/${id}/participation`,
    headers: headersFor(token, host),
    ...(payload ? { payload } : {}),
  });
const rowsOf = (activityId: string, userId: string) =>
  t.ctx.db
    .select()
    .from(participations)
    .where(and(eq(participations.activityId, activityId), eq(participations.userId, userId)));
const participationCount = async () => (await t.ctx.db.select({ n: count() }).from(participations))[0]!.n;

const general = (config: Record<string, unknown>) => ({
  type: 'general_participation',
  config: { type: 'general_participation', prompt: 'Tell us', response: 'text', choices: [], ...config },
});
const submission = (media: 'image' | 'video' | 'any' = 'any') => ({
  type: 'content_submission',
  config: { type: 'content_submission', prompt: 'Show us', media },
});
const QUIZ = {
  questions: [
    { question: 'One?', options: ['a', 'b'], answer: 0 },
    { question: 'Two?', options: ['a', 'b'], answer: 1 },
    { question: 'Three?', options: ['a', 'b', 'c'], answer: 2 },
  ],
  pass_mark: 60,
};
const training = (quiz: typeof QUIZ | null) => ({
  type: 'training',
  config: { type: 'training', body: 'Learn', video_url: null, pdf_url: null, quiz },
});

/** Uploads a real photo through POST /api/upload as the member; returns its URL. */
async function uploadPhoto(token: string, host?: string, objectId = ids.demo) {
  const body = new FormData();
  body.append('type', 'submission');
  body.append('objectId', objectId);
  body.append('file', new Blob([png], { type: 'image/png' }), 'photo.png');
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/upload',
    headers: headersFor(token, host),
    payload: body,
  });
  expect(res.statusCode).toBe(200);
  return res.json().url as string;
}

describe('POST /api/activities/{id}/participation', () => {
  it('answers 401 without a valid session of this client', async () => {
    const { user, activity } = await joinedActivity(general({}));
    await expectSessionRequired(t, {
      method: 'POST',
      url: `/api/activities/${activity.id}/participation`,
      payload: { type: 'general_participation', text: 'Hello there' },
    });
    expect(await rowsOf(activity.id, user.id)).toEqual([]);
  });

  it('answers 400 for a bad id or body, or a type that is not the activity type, and records nothing', async () => {
    const { user, token, activity } = await joinedActivity(general({}));
    const before = await participationCount();
    const cases: [string, object | undefined, string][] = [
      ['not-a-uuid', { type: 'general_participation', text: 'Hi there' }, 'id must be an activity id'],
      [activity.id, undefined, 'Request body is empty; send a JSON object'],
      [activity.id, { text: 'Hi there' }, 'type: Invalid discriminator value'],
      [activity.id, { type: 'training' }, 'type must be general_participation for this activity'],
      [activity.id, { type: 'general_participation' }, 'Response is required'],
      [activity.id, { type: 'general_participation', text: '   ' }, 'Response is required'],
    ];
    for (const [id, payload, message] of cases) {
      const res = payload
        ? await participate(id, token, payload)
        : await t.app.inject({
            method: 'POST',
            url: `/api/activities/${id}/participation`,
            headers: { ...headersFor(token), 'content-type': 'application/json' },
          });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message, JSON.stringify(payload)).toContain(message);
    }
    expect(await rowsOf(activity.id, user.id)).toEqual([]);
    expect(await participationCount()).toBe(before);
    expect(await ledgerOf(t.ctx.db, user.id)).toEqual([]);
  });

  it('answers 403 client_paused to a member of a paused client, recording nothing', async () => {
    const { user, token, activity } = await joinedActivity(general({}));
    await expectBlockedWhilePaused(
      t,
      {
        method: 'POST',
        url: `/api/activities/${activity.id}/participation`,
        payload: { type: 'general_participation' },
      },
      { member: token, admin: adminToken },
    );
    expect(await rowsOf(activity.id, user.id)).toEqual([]);
  });

  it('answers 409 cannot_participate outside a joined, running project or the activity window', async () => {
    const { user, token } = await member();
    const notJoined = await createProject(t.ctx.db, { clientId: ids.demo });
    const cases: [
      Partial<Parameters<typeof createActivity>[1]>,
      Partial<Parameters<typeof createProject>[1]>,
      string,
    ][] = [
      [{}, { startsAt: inDays(2) }, 'This project has not started yet'],
      [{}, { endsAt: inDays(-1) }, 'This project has ended'],
      [{ startsAt: inDays(1) }, {}, 'This activity has not started yet'],
      [{ dueAt: inDays(-1) }, {}, 'This activity is closed: its due date has passed'],
    ];
    const attempts: [string, string][] = [];
    const open = await createActivity(t.ctx.db, {
      clientId: ids.demo,
      projectId: notJoined.id,
      ...general({}),
    });
    attempts.push([open.id, 'Join the project first']);
    for (const [activityInput, projectInput, message] of cases) {
      const p = await createProject(t.ctx.db, { clientId: ids.demo, ...projectInput });
      await joinProject(t.ctx.db, { clientId: ids.demo, projectId: p.id, userId: user.id });
      const a = await createActivity(t.ctx.db, {
        clientId: ids.demo,
        projectId: p.id,
        points: 10,
        ...general({}),
        ...activityInput,
      });
      attempts.push([a.id, message]);
    }
    for (const [id, message] of attempts) {
      const res = await participate(id, token, { type: 'general_participation', text: 'Count me in' });
      expect(res.statusCode, message).toBe(409);
      expect(res.json()).toEqual({ message, code: 'cannot_participate' });
      expect(await rowsOf(id, user.id)).toEqual([]);
    }
    expect(await ledgerOf(t.ctx.db, user.id)).toEqual([]);
  });

  it("answers 404 for another client's activity, recording nothing", async () => {
    const { user, token } = await member();
    const foreignProject = await createProject(t.ctx.db, { clientId: ids.acme });
    const foreign = await createActivity(t.ctx.db, {
      clientId: ids.acme,
      projectId: foreignProject.id,
      ...general({}),
    });
    // Even a stray membership of the Demo member in it opens nothing.
    await joinProject(t.ctx.db, { clientId: ids.acme, projectId: foreignProject.id, userId: user.id });
    const res = await participate(foreign.id, token, { type: 'general_participation', text: 'Hello there' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Activity not found' });
    expect(await rowsOf(foreign.id, user.id)).toEqual([]);
  });

  describe('general participation', () => {
    it('records a text answer as completed and awards the points once', async () => {
      const { user, token, activity } = await joinedActivity({ ...general({}), points: 12 });
      const res = await participate(activity.id, token, {
        type: 'general_participation',
        text: '  Love it  ',
      });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body).toMatchObject({
        points_awarded: 12,
        score: null,
        activity: {
          id: activity.id,
          status: 'completed',
          participation: { status: 'completed', data: { text: 'Love it' } },
        },
      });
      const [row] = await rowsOf(activity.id, user.id);
      expect(row).toMatchObject({
        clientId: ids.demo,
        status: 'completed',
        isComplete: true,
        data: { text: 'Love it' },
      });
      expect(await ledgerOf(t.ctx.db, user.id)).toEqual([
        expect.objectContaining({ clientId: ids.demo, points: 12, source: `participation:${row!.id}` }),
      ]);

      const again = await participate(activity.id, token, {
        type: 'general_participation',
        text: 'Once more',
      });
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual({
        message: 'You already completed this activity',
        code: 'already_participated',
      });
      expect(await rowsOf(activity.id, user.id)).toEqual([row]);
      expect(await ledgerOf(t.ctx.db, user.id)).toHaveLength(1);
    });

    it('refuses a text of only symbols with non_word_text, and takes emoji', async () => {
      const { user, token, activity } = await joinedActivity(general({}));
      const res = await participate(activity.id, token, {
        type: 'general_participation',
        text: '!!! ??? ...',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        message: 'Response must contain words, not only symbols',
        code: 'non_word_text',
      });
      expect(await rowsOf(activity.id, user.id)).toEqual([]);
      const emoji = await participate(activity.id, token, { type: 'general_participation', text: '🎉🎉' });
      expect(emoji.statusCode).toBe(200);
    });

    it('takes one of the offered choices only', async () => {
      const { user, token, activity } = await joinedActivity(
        general({ response: 'choice', choices: ['Red', 'Blue'] }),
      );
      for (const payload of [{}, { choice: 'Green' }, { choice: 'red' }, { text: 'Red' }]) {
        const res = await participate(activity.id, token, { type: 'general_participation', ...payload });
        expect(res.statusCode, JSON.stringify(payload)).toBe(400);
        expect(res.json().message).toBe('choice must be one of: Red, Blue');
      }
      expect(await rowsOf(activity.id, user.id)).toEqual([]);
      const res = await participate(activity.id, token, { type: 'general_participation', choice: 'Blue' });
      expect(res.statusCode).toBe(200);
      expect((await rowsOf(activity.id, user.id))[0]).toMatchObject({
        status: 'completed',
        data: { choice: 'Blue' },
      });
    });

    it("takes a photo only as an image uploaded to this client's app", async () => {
      const { user, token, activity } = await joinedActivity(general({ response: 'photo' }));
      const video = await createUpload(t.ctx, {
        clientId: ids.demo,
        userId: user.id,
        contentType: 'video/mp4',
      });
      const acmeMember = await t.login('member@acme.test');
      const acmePhoto = await uploadPhoto(acmeMember, ACME_HOST, ids.acme);
      const cases: [object, number, string][] = [
        [{}, 400, 'Add a photo'],
        [{ image_url: 'http://example.com/a.png' }, 400, 'Photo must be an uploaded file or an https URL'],
        [{ image_url: 'https://example.com/a.png' }, 400, 'Media must be files you uploaded to this app'],
        [
          { image_url: '/api/files/0190a0a0-0000-7000-8000-000000000000.webp' },
          400,
          'Media must be files you uploaded to this app',
        ],
        [{ image_url: acmePhoto }, 400, 'Media must be files you uploaded to this app'],
        [{ image_url: video }, 400, 'This activity takes photos only'],
      ];
      for (const [payload, status, message] of cases) {
        const res = await participate(activity.id, token, { type: 'general_participation', ...payload });
        expect(res.statusCode, JSON.stringify(payload)).toBe(status);
        expect(res.json().message).toContain(message);
      }
      expect(await rowsOf(activity.id, user.id)).toEqual([]);

      const photo = await uploadPhoto(token);
      const res = await participate(activity.id, token, { type: 'general_participation', image_url: photo });
      expect(res.statusCode).toBe(200);
      expect((await rowsOf(activity.id, user.id))[0]).toMatchObject({
        status: 'completed',
        data: { image_url: photo },
      });
    });

    it('records a participation of a 0-point activity without a ledger row', async () => {
      const { user, token, activity } = await joinedActivity({ ...general({}), points: 0 });
      const res = await participate(activity.id, token, {
        type: 'general_participation',
        text: 'Sure thing',
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().points_awarded).toBe(0);
      expect(await rowsOf(activity.id, user.id)).toHaveLength(1);
      expect(await ledgerOf(t.ctx.db, user.id)).toEqual([]);
    });
  });

  describe('Brand Content submission', () => {
    it('answers 400 for a caption of only symbols, and for media that are not uploads of the right kind', async () => {
      const { user, token, activity } = await joinedActivity(submission('video'));
      const photo = await uploadPhoto(token);
      const video = await createUpload(t.ctx, {
        clientId: ids.demo,
        userId: user.id,
        contentType: 'video/mp4',
      });
      const foreignVideo = await createUpload(t.ctx, {
        clientId: ids.acme,
        userId: user.id,
        contentType: 'video/mp4',
      });
      const cases: [object, string, string?][] = [
        [
          { caption: '#### !!!', media_urls: [video] },
          'Caption must contain words, not only symbols',
          'non_word_text',
        ],
        [{ caption: '   ', media_urls: [video] }, 'Caption is required'],
        [{ caption: 'My clip', media_urls: [] }, 'Add at least one photo or video'],
        [
          { caption: 'My clip', media_urls: ['ftp://x/y.mp4'] },
          'Media must be an uploaded file or an https URL',
        ],
        [
          { caption: 'My clip', media_urls: ['https://cdn.example.com/y.mp4'] },
          'Media must be files you uploaded to this app',
        ],
        [{ caption: 'My clip', media_urls: [foreignVideo] }, 'Media must be files you uploaded to this app'],
        [{ caption: 'My clip', media_urls: [video, photo] }, 'This activity takes videos only'],
      ];
      for (const [payload, message, code] of cases) {
        const res = await participate(activity.id, token, { type: 'content_submission', ...payload });
        expect(res.statusCode, JSON.stringify(payload)).toBe(400);
        expect(res.json().message).toContain(message);
        if (code) expect(res.json().code).toBe(code);
      }
      expect(await rowsOf(activity.id, user.id)).toEqual([]);

      const { token: token2, activity: images } = await joinedActivity(submission('image'));
      const res = await participate(images.id, token2, {
        type: 'content_submission',
        caption: 'Desk',
        media_urls: [video],
      });
      // Another member's upload cannot be submitted as one's own.
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Media must be files you uploaded to this app');

      const { user: user3, token: token3, activity: anyMedia } = await joinedActivity(submission('any'));
      const pdf = await createUpload(t.ctx, {
        clientId: ids.demo,
        userId: user3.id,
        contentType: 'application/pdf',
      });
      const pdfRes = await participate(anyMedia.id, token3, {
        type: 'content_submission',
        caption: 'Doc',
        media_urls: [pdf],
      });
      expect(pdfRes.statusCode).toBe(400);
      expect(pdfRes.json().message).toBe('Media must be photos or videos');
      expect(await rowsOf(anyMedia.id, user3.id)).toEqual([]);
    });

    it('records a submission as pending without points; a second one waits for the review', async () => {
      const { user, token, activity } = await joinedActivity({ ...submission('any'), points: 40 });
      const photo = await uploadPhoto(token);
      const video = await createUpload(t.ctx, {
        clientId: ids.demo,
        userId: user.id,
        contentType: 'video/webm',
      });
      const res = await participate(activity.id, token, {
        type: 'content_submission',
        caption: ' My desk setup #wfh ',
        media_urls: [photo, video],
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        points_awarded: 0,
        score: null,
        activity: { status: 'pending', participation: { status: 'pending', reject_reason: null } },
      });
      const rows = await rowsOf(activity.id, user.id);
      expect(rows).toEqual([
        expect.objectContaining({
          status: 'pending',
          isComplete: false,
          data: { caption: 'My desk setup #wfh', media_urls: [photo, video] },
        }),
      ]);
      expect(await ledgerOf(t.ctx.db, user.id)).toEqual([]);

      const again = await participate(activity.id, token, {
        type: 'content_submission',
        caption: 'Another',
        media_urls: [photo],
      });
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual({
        message: 'Your submission is waiting for review',
        code: 'already_participated',
      });
      expect(await rowsOf(activity.id, user.id)).toEqual(rows);
    });

    it('takes a new submission after a rejection, clearing the reason', async () => {
      const { user, token, activity } = await joinedActivity(submission('image'));
      const first = await createParticipation(t.ctx.db, {
        clientId: ids.demo,
        activityId: activity.id,
        userId: user.id,
        status: 'rejected',
        isComplete: false,
        rejectReason: 'Too dark',
        reviewedAt: new Date(),
        reviewedBy: user.id,
        data: { caption: 'Old', media_urls: [] },
      });
      const photo = await uploadPhoto(token);
      const res = await participate(activity.id, token, {
        type: 'content_submission',
        caption: 'Brighter now',
        media_urls: [photo],
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().activity).toMatchObject({
        status: 'pending',
        participation: { id: first.id, reject_reason: null },
      });
      expect(await rowsOf(activity.id, user.id)).toEqual([
        expect.objectContaining({
          id: first.id,
          status: 'pending',
          rejectReason: null,
          reviewedAt: null,
          reviewedBy: null,
          data: { caption: 'Brighter now', media_urls: [photo] },
        }),
      ]);
      expect(await ledgerOf(t.ctx.db, user.id)).toEqual([]);
    });
  });

  describe('training', () => {
    it('completes a training without a quiz and awards its points', async () => {
      const { user, token, activity } = await joinedActivity({ ...training(null), points: 7 });
      const res = await participate(activity.id, token, { type: 'training' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ points_awarded: 7, score: null, activity: { status: 'completed' } });
      expect((await rowsOf(activity.id, user.id))[0]).toMatchObject({
        status: 'completed',
        isComplete: true,
        data: {},
      });
      expect((await ledgerOf(t.ctx.db, user.id)).map((r) => r.points)).toEqual([7]);
      expect((await participate(activity.id, token, { type: 'training' })).statusCode).toBe(409);
      expect(await ledgerOf(t.ctx.db, user.id)).toHaveLength(1);
    });

    it('answers 400 when the answers do not match the questions, recording nothing', async () => {
      const { user, token, activity } = await joinedActivity(training(QUIZ));
      for (const answers of [[], [0, 1], [0, 1, 2, 0]]) {
        const res = await participate(activity.id, token, { type: 'training', answers });
        expect(res.statusCode, JSON.stringify(answers)).toBe(400);
        expect(res.json().message).toBe('answers must hold one answer for each of the 3 questions');
      }
      const negative = await participate(activity.id, token, { type: 'training', answers: [0, -1, 2] });
      expect(negative.statusCode).toBe(400);
      expect(negative.json().code).toBe('invalid_input');
      expect(await rowsOf(activity.id, user.id)).toEqual([]);
    });

    it('answers the score of a failed quiz and records nothing, then records a pass and its points once', async () => {
      const { user, token, activity } = await joinedActivity({ ...training(QUIZ), points: 50 });
      // 1 of 3 is 33 %, under the pass mark of 60 %.
      const fail = await participate(activity.id, token, { type: 'training', answers: [0, 0, 0] });
      expect(fail.statusCode).toBe(200);
      expect(fail.json()).toMatchObject({
        points_awarded: 0,
        score: { correct: 1, total: 3, passed: false },
        activity: { status: 'todo', participation: null },
      });
      expect(await rowsOf(activity.id, user.id)).toEqual([]);
      expect(await ledgerOf(t.ctx.db, user.id)).toEqual([]);

      // 2 of 3 is 67 %: a pass.
      const pass = await participate(activity.id, token, { type: 'training', answers: [0, 1, 0] });
      expect(pass.statusCode).toBe(200);
      expect(pass.json()).toMatchObject({
        points_awarded: 50,
        score: { correct: 2, total: 3, passed: true },
        activity: { status: 'completed' },
      });
      const [row] = await rowsOf(activity.id, user.id);
      expect(row).toMatchObject({
        status: 'completed',
        isComplete: true,
        data: { answers: [0, 1, 0], correct: 2, total: 3 },
      });
      expect(await ledgerOf(t.ctx.db, user.id)).toEqual([
        expect.objectContaining({ points: 50, source: `participation:${row!.id}` }),
      ]);

      const retake = await participate(activity.id, token, { type: 'training', answers: [0, 1, 2] });
      expect(retake.statusCode).toBe(409);
      expect(retake.json().code).toBe('already_participated');
      expect(await ledgerOf(t.ctx.db, user.id)).toHaveLength(1);
      expect(await rowsOf(activity.id, user.id)).toEqual([row]);
    });

    it('records one participation and one award when the same answer arrives several times at once', async () => {
      // Several rounds: on PostgreSQL the first burst may still be served one by one while the pool connects.
      for (let round = 0; round < 4; round++) {
        const { user, token, activity } = await joinedActivity({ ...training(QUIZ), points: 9 });
        const results = await Promise.all(
          Array.from({ length: 5 }, () =>
            participate(activity.id, token, { type: 'training', answers: [0, 1, 2] }),
          ),
        );
        expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409, 409]);
        expect(await rowsOf(activity.id, user.id)).toHaveLength(1);
        expect((await ledgerOf(t.ctx.db, user.id)).map((r) => r.points)).toEqual([9]);
      }
    });

    it('awards the points of two members separately', async () => {
      const a = await joinedActivity({ ...training(null), points: 5 });
      const other = await createUser(t.ctx.db, { clientId: ids.demo });
      await joinProject(t.ctx.db, { clientId: ids.demo, projectId: a.project.id, userId: other.id });
      expect((await participate(a.activity.id, a.token, { type: 'training' })).statusCode).toBe(200);
      expect(
        (await participate(a.activity.id, await t.login(other.email!), { type: 'training' })).statusCode,
      ).toBe(200);
      expect(await ledgerOf(t.ctx.db, a.user.id)).toHaveLength(1);
      expect(await ledgerOf(t.ctx.db, other.id)).toHaveLength(1);
    });
  });
});

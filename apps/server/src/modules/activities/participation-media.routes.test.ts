import { describe, expect, it } from 'vitest';
import { useAdminFixture } from '../../test/admin-fixture.ts';
import {
  createParticipation,
  createUpload,
  createUser,
  joinProject,
  ledgerOf,
} from '../../test/factories.ts';
import { participationHelpers, QUIZ, submission, training } from './participation.fixture.ts';

const f = useAdminFixture();
const { joinedActivity, participate, rowsOf, uploadPhoto } = participationHelpers(f);

describe('POST /api/activities/{id}/participation', () => {
  describe('Brand Content submission', () => {
    it('answers 400 for a caption of only symbols, and for media that are not uploads of the right kind', async () => {
      const { user, token, activity } = await joinedActivity(submission('video'));
      const photo = await uploadPhoto(token);
      const video = await createUpload(f.t.ctx, {
        clientId: f.ids.demo,
        userId: user.id,
        contentType: 'video/mp4',
      });
      const foreignVideo = await createUpload(f.t.ctx, {
        clientId: f.ids.acme,
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
      const pdf = await createUpload(f.t.ctx, {
        clientId: f.ids.demo,
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
      const video = await createUpload(f.t.ctx, {
        clientId: f.ids.demo,
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
      expect(await ledgerOf(f.t.ctx.db, user.id)).toEqual([]);

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
      const first = await createParticipation(f.t.ctx.db, {
        clientId: f.ids.demo,
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
      expect(await ledgerOf(f.t.ctx.db, user.id)).toEqual([]);
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
      expect((await ledgerOf(f.t.ctx.db, user.id)).map((r) => r.points)).toEqual([7]);
      expect((await participate(activity.id, token, { type: 'training' })).statusCode).toBe(409);
      expect(await ledgerOf(f.t.ctx.db, user.id)).toHaveLength(1);
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
        // Which questions were wrong (the second and third), never what the right answers are.
        score: { correct: 1, total: 3, passed: false, wrong: [1, 2] },
        activity: { status: 'todo', participation: null },
      });
      expect(await rowsOf(activity.id, user.id)).toEqual([]);
      expect(await ledgerOf(f.t.ctx.db, user.id)).toEqual([]);

      // 2 of 3 is 67 %: a pass.
      const pass = await participate(activity.id, token, { type: 'training', answers: [0, 1, 0] });
      expect(pass.statusCode).toBe(200);
      expect(pass.json()).toMatchObject({
        points_awarded: 50,
        score: { correct: 2, total: 3, passed: true, wrong: [2] },
        activity: { status: 'completed' },
      });
      const [row] = await rowsOf(activity.id, user.id);
      expect(row).toMatchObject({
        status: 'completed',
        isComplete: true,
        data: { answers: [0, 1, 0], correct: 2, total: 3 },
      });
      expect(await ledgerOf(f.t.ctx.db, user.id)).toEqual([
        expect.objectContaining({ points: 50, source: `participation:${row!.id}` }),
      ]);

      const retake = await participate(activity.id, token, { type: 'training', answers: [0, 1, 2] });
      expect(retake.statusCode).toBe(409);
      expect(retake.json().code).toBe('already_participated');
      expect(await ledgerOf(f.t.ctx.db, user.id)).toHaveLength(1);
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
        expect((await ledgerOf(f.t.ctx.db, user.id)).map((r) => r.points)).toEqual([9]);
      }
    });

    it('awards the points of two members separately', async () => {
      const a = await joinedActivity({ ...training(null), points: 5 });
      const other = await createUser(f.t.ctx.db, { clientId: f.ids.demo });
      await joinProject(f.t.ctx.db, { clientId: f.ids.demo, projectId: a.project.id, userId: other.id });
      expect((await participate(a.activity.id, a.token, { type: 'training' })).statusCode).toBe(200);
      expect(
        (await participate(a.activity.id, await f.t.login(other.email!), { type: 'training' })).statusCode,
      ).toBe(200);
      expect(await ledgerOf(f.t.ctx.db, a.user.id)).toHaveLength(1);
      expect(await ledgerOf(f.t.ctx.db, other.id)).toHaveLength(1);
    });
  });
});

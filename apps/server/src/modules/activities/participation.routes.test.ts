import { describe, expect, it } from 'vitest';
import { useAdminFixture } from '../../test/admin-fixture.ts';
import { ACME_HOST } from '../../test/build-test-app.ts';
import { expectBlockedWhilePaused, expectSessionRequired } from '../../test/expectations.ts';
import {
  createActivity,
  createProject,
  createUpload,
  headersFor,
  joinProject,
  ledgerOf,
} from '../../test/factories.ts';
import { general, inDays, participationHelpers } from './participation.fixture.ts';

const f = useAdminFixture();
const { joinedActivity, participate, rowsOf, participationCount, uploadPhoto } = participationHelpers(f);

describe('POST /api/activities/{id}/participation', () => {
  it('answers 401 without a valid session of this client', async () => {
    const { user, activity } = await joinedActivity(general({}));
    await expectSessionRequired(f.t, {
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
        : await f.t.app.inject({
            method: 'POST',
            url: `/api/activities/${id}/participation`,
            headers: { ...headersFor(token), 'content-type': 'application/json' },
          });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message, JSON.stringify(payload)).toContain(message);
    }
    expect(await rowsOf(activity.id, user.id)).toEqual([]);
    expect(await participationCount()).toBe(before);
    expect(await ledgerOf(f.t.ctx.db, user.id)).toEqual([]);
  });

  it('answers 403 client_paused to a member of a paused client, recording nothing', async () => {
    const { user, token, activity } = await joinedActivity(general({}));
    await expectBlockedWhilePaused(
      f.t,
      {
        method: 'POST',
        url: `/api/activities/${activity.id}/participation`,
        payload: { type: 'general_participation' },
      },
      { member: token, admin: f.tokens.admin },
    );
    expect(await rowsOf(activity.id, user.id)).toEqual([]);
  });

  it('answers 409 cannot_participate outside a joined, running project or the activity window', async () => {
    const { user, token } = await f.newMember();
    const notJoined = await createProject(f.t.ctx.db, { clientId: f.ids.demo });
    const cases: [
      Partial<Parameters<typeof createActivity>[1]>,
      Partial<Parameters<typeof createProject>[1]>,
      string,
    ][] = [
      [{}, { startsAt: inDays(2) }, 'This Project has not started yet'],
      [{}, { endsAt: inDays(-1) }, 'This Project has ended'],
      [{ startsAt: inDays(1) }, {}, 'This activity has not started yet'],
      [{ dueAt: inDays(-1) }, {}, 'This activity is closed: its due date has passed'],
    ];
    const attempts: [string, string][] = [];
    const open = await createActivity(f.t.ctx.db, {
      clientId: f.ids.demo,
      projectId: notJoined.id,
      ...general({}),
    });
    attempts.push([open.id, 'Join the Project first']);
    for (const [activityInput, projectInput, message] of cases) {
      const p = await createProject(f.t.ctx.db, { clientId: f.ids.demo, ...projectInput });
      await joinProject(f.t.ctx.db, { clientId: f.ids.demo, projectId: p.id, userId: user.id });
      const a = await createActivity(f.t.ctx.db, {
        clientId: f.ids.demo,
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
    expect(await ledgerOf(f.t.ctx.db, user.id)).toEqual([]);
  });

  it("answers 404 for another client's activity, recording nothing", async () => {
    const { user, token } = await f.newMember();
    const foreignProject = await createProject(f.t.ctx.db, { clientId: f.ids.acme });
    const foreign = await createActivity(f.t.ctx.db, {
      clientId: f.ids.acme,
      projectId: foreignProject.id,
      ...general({}),
    });
    // Even a stray membership of the Demo member in it opens nothing.
    await joinProject(f.t.ctx.db, { clientId: f.ids.acme, projectId: foreignProject.id, userId: user.id });
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
        clientId: f.ids.demo,
        status: 'completed',
        isComplete: true,
        data: { text: 'Love it' },
      });
      expect(await ledgerOf(f.t.ctx.db, user.id)).toEqual([
        expect.objectContaining({ clientId: f.ids.demo, points: 12, source: `participation:${row!.id}` }),
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
      expect(await ledgerOf(f.t.ctx.db, user.id)).toHaveLength(1);
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
      const video = await createUpload(f.t.ctx, {
        clientId: f.ids.demo,
        userId: user.id,
        contentType: 'video/mp4',
      });
      const acmeMember = await f.t.login('member@acme.test');
      const acmePhoto = await uploadPhoto(acmeMember, ACME_HOST, f.ids.acme);
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
      expect(await ledgerOf(f.t.ctx.db, user.id)).toEqual([]);
    });
  });
});

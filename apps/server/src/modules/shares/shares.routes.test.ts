import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { participations, shares } from '../../db/schema/index.ts';
import { ACME_HOST, buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { expectBlockedWhilePaused, expectSessionRequired } from '../../test/expectations.ts';
import {
  clientIds,
  createActivity,
  createProject,
  createTemplate,
  createUser,
  headersFor,
  joinProject,
  ledgerOf,
} from '../../test/factories.ts';
import {
  type ActivityInput,
  inDays,
  joinedPost as joinedPostOf,
  newMember,
  postConfig,
} from './shares.fixture.ts';

let t: TestApp;
let ids: { demo: string; acme: string };
let adminToken: string;
beforeAll(async () => {
  t = await buildTestApp();
  ids = await clientIds(t.ctx.db);
  adminToken = await t.login('admin@demo.test');
});
afterAll(() => t.close());

const member = () => newMember(t, ids.demo);
/** A fresh member who joined a fresh open project with one social post (all Demo channels unless given). */
const joinedPost = (
  ...args: Parameters<typeof joinedPostOf> extends [unknown, unknown, ...infer R] ? R : never
) => joinedPostOf(t, ids.demo, ...args);

const createShareCall = (activityId: string, token: string, payload: object, host?: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/activities/${activityId}/shares`,
    headers: headersFor(token, host),
    payload,
  });
const sharesOf = (userId: string) =>
  t.ctx.db.select().from(shares).where(eq(shares.userId, userId)).orderBy(shares.id);
const participationsOf = (activityId: string, userId: string) =>
  t.ctx.db
    .select()
    .from(participations)
    .where(and(eq(participations.activityId, activityId), eq(participations.userId, userId)));

describe('POST /api/activities/{id}/shares', () => {
  it('answers 401 without a valid session of this client', async () => {
    const { user, activity } = await joinedPost();
    await expectSessionRequired(t, {
      method: 'POST',
      url: `/api/activities/${activity.id}/shares`,
      payload: { channel: 'twitter', text: 'Proud of the launch' },
    });
    expect(await sharesOf(user.id)).toEqual([]);
  });

  it('answers 400 for a bad id, channel or text, and creates no share', async () => {
    const { user, token, activity } = await joinedPost({}, ['twitter', 'linkedin']);
    const cases: [string, object, string, string?][] = [
      ['oops', { channel: 'twitter', text: 'Hello world' }, 'id must be an activity id'],
      [activity.id, { text: 'Hello world' }, 'channel must be one of facebook, instagram'],
      [
        activity.id,
        { channel: 'myspace', text: 'Hello world' },
        'channel must be one of facebook, instagram',
      ],
      [activity.id, { channel: 'twitter' }, 'text'],
      [
        activity.id,
        { channel: 'facebook', text: 'Hello world' },
        'channel facebook is not offered for this post',
      ],
      [
        activity.id,
        { channel: 'instagram', text: 'Hello world' },
        'channel instagram is not offered for this post',
      ],
      [activity.id, { channel: 'twitter', text: '   \n ' }, 'Text is required'],
      [
        activity.id,
        { channel: 'twitter', text: '!!! ... ???' },
        'Text must contain words, not only symbols',
        'non_word_text',
      ],
    ];
    for (const [id, payload, message, code] of cases) {
      const res = await createShareCall(id, token, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message, JSON.stringify(payload)).toContain(message);
      if (code) expect(res.json().code).toBe(code);
    }
    expect(await sharesOf(user.id)).toEqual([]);
  });

  it('answers 400 naming the limit for a text over the channel limit, counting an emoji as one character', async () => {
    const { user, token, activity } = await joinedPost({}, ['twitter', 'instagram', 'linkedin', 'facebook']);
    const limits = { twitter: 280, instagram: 2200, linkedin: 3000 } as const;
    for (const [channel, limit] of Object.entries(limits)) {
      const over = await createShareCall(activity.id, token, { channel, text: 'a'.repeat(limit + 1) });
      expect(over.statusCode, channel).toBe(400);
      expect(over.json().message).toBe(`Text must be ${limit} characters or less for ${channel}`);
    }
    // 281 emoji are 562 UTF-16 units but 281 characters; a family emoji is one character too.
    const emojiOver = await createShareCall(activity.id, token, {
      channel: 'twitter',
      text: '👍'.repeat(281),
    });
    expect(emojiOver.statusCode).toBe(400);
    expect(emojiOver.json().message).toBe('Text must be 280 characters or less for twitter');
    expect(await sharesOf(user.id)).toEqual([]);

    const accepted = [
      ['twitter', 'a'.repeat(280)],
      ['twitter', '👍'.repeat(280)],
      ['twitter', '👨‍👩‍👧‍👦'.repeat(280)],
      // Surrounding white space is trimmed before counting.
      ['twitter', `  ${'b'.repeat(280)}  `],
      ['instagram', 'c'.repeat(2200)],
      ['linkedin', 'd'.repeat(3000)],
      ['facebook', 'e'.repeat(5000)],
    ];
    for (const [channel, text] of accepted) {
      const res = await createShareCall(activity.id, token, { channel, text });
      expect(res.statusCode, `${channel} ${text!.length}`).toBe(200);
    }
    // One link per network: each re-share of twitter reused the first one and took the latest text.
    const rows = await sharesOf(user.id);
    expect(rows.map((r) => r.channel).sort()).toEqual(['facebook', 'instagram', 'linkedin', 'twitter']);
    expect(rows.find((r) => r.channel === 'twitter')!.text).toBe('b'.repeat(280));
  });

  it('answers 400 naming every placeholder left unfilled', async () => {
    const template = await createTemplate(t.ctx.db, {
      clientId: ids.demo,
      body: 'I am [[first_name]], [[role]] at Demo',
    });
    const { user, token, activity } = await joinedPost({
      config: { type: 'social_post', template_id: template.id, creative_ids: [], channels: [] },
    });
    const res = await createShareCall(activity.id, token, {
      channel: 'linkedin',
      text: 'I am [[first_name]], [[role]] at Demo and [[first_name]] again',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Fill in every placeholder: [[first_name]], [[role]]');
    const one = await createShareCall(activity.id, token, {
      channel: 'linkedin',
      text: 'I am Ana, [[role]] at Demo',
    });
    expect(one.json().message).toBe('Fill in every placeholder: [[role]]');
    expect(await sharesOf(user.id)).toEqual([]);
  });

  it('answers 400 for an activity that is not a social post', async () => {
    const { user, token, activity } = await joinedPost({
      type: 'general_participation',
      config: { type: 'general_participation', prompt: 'Hi', response: 'text', choices: [] },
    });
    const res = await createShareCall(activity.id, token, { channel: 'twitter', text: 'Hello world' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Only Personal Page activities are shared');
    expect(await sharesOf(user.id)).toEqual([]);
  });

  it('answers 403 client_paused to a member of a paused client', async () => {
    const { user, token, activity } = await joinedPost();
    await expectBlockedWhilePaused(
      t,
      {
        method: 'POST',
        url: `/api/activities/${activity.id}/shares`,
        payload: { channel: 'twitter', text: 'Hello world' },
      },
      { member: token, admin: adminToken },
    );
    expect(await sharesOf(user.id)).toEqual([]);
  });

  it('answers 409 cannot_participate when the member has not joined, or the post is closed', async () => {
    const { user, token } = await member();
    const notJoined = await createProject(t.ctx.db, { clientId: ids.demo });
    const targets: [string, string][] = [];
    const open = await createActivity(t.ctx.db, {
      clientId: ids.demo,
      projectId: notJoined.id,
      ...postConfig(),
    });
    targets.push([open.id, 'Join the Project first']);
    const cases: [ActivityInput, Partial<Parameters<typeof createProject>[1]>, string][] = [
      [{ dueAt: inDays(-1) }, {}, 'This activity is closed: its due date has passed'],
      [{ startsAt: inDays(1) }, {}, 'This activity has not started yet'],
      [{}, { endsAt: inDays(-1) }, 'This Project has ended'],
      [{}, { startsAt: inDays(1) }, 'This Project has not started yet'],
    ];
    for (const [activityInput, projectInput, message] of cases) {
      const p = await createProject(t.ctx.db, { clientId: ids.demo, ...projectInput });
      await joinProject(t.ctx.db, { clientId: ids.demo, projectId: p.id, userId: user.id });
      const a = await createActivity(t.ctx.db, {
        clientId: ids.demo,
        projectId: p.id,
        ...postConfig(),
        ...activityInput,
      });
      targets.push([a.id, message]);
    }
    for (const [id, message] of targets) {
      const res = await createShareCall(id, token, { channel: 'twitter', text: 'Hello world' });
      expect(res.statusCode, message).toBe(409);
      expect(res.json()).toEqual({ message, code: 'cannot_participate' });
    }
    expect(await sharesOf(user.id)).toEqual([]);
  });

  it("answers 404 for another client's post, which its own host serves", async () => {
    const { user, token } = await member();
    const acmeUser = await createUser(t.ctx.db, { clientId: ids.acme });
    const foreignProject = await createProject(t.ctx.db, { clientId: ids.acme });
    await joinProject(t.ctx.db, { clientId: ids.acme, projectId: foreignProject.id, userId: acmeUser.id });
    await joinProject(t.ctx.db, { clientId: ids.acme, projectId: foreignProject.id, userId: user.id });
    const foreign = await createActivity(t.ctx.db, {
      clientId: ids.acme,
      projectId: foreignProject.id,
      ...postConfig(),
    });
    const res = await createShareCall(foreign.id, token, { channel: 'twitter', text: 'Hello world' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Activity not found' });
    expect(await sharesOf(user.id)).toEqual([]);

    const acmeToken = await t.login(acmeUser.email!, ACME_HOST);
    const own = await createShareCall(
      foreign.id,
      acmeToken,
      { channel: 'twitter', text: 'Hello world' },
      ACME_HOST,
    );
    expect(own.statusCode).toBe(200);
    expect(own.json().share.url).toMatch(
      new RegExp(`^http://127\\.0\\.0\\.1:3000/p/${own.json().share.id}$`),
    );
  });

  it('creates a tracked share with its public link on this host, and awards nothing yet', async () => {
    const { user, token, activity } = await joinedPost();
    const res = await createShareCall(activity.id, token, {
      channel: 'linkedin',
      text: '  Big news today #launch  ',
    });
    expect(res.statusCode).toBe(200);
    const { share } = res.json();
    expect(share).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      url: `http://localhost:3000/p/${share.id}`,
      channel: 'linkedin',
      text: 'Big news today #launch',
      clicks: 0,
      shared_at: null,
      post_url: null,
    });
    expect(await sharesOf(user.id)).toEqual([
      expect.objectContaining({
        id: share.id,
        clientId: ids.demo,
        activityId: activity.id,
        channel: 'linkedin',
        text: 'Big news today #launch',
        postUrl: null,
        sharedAt: null,
        clicks: 0,
      }),
    ]);
    expect(await participationsOf(activity.id, user.id)).toEqual([]);
    expect(await ledgerOf(t.ctx.db, user.id)).toEqual([]);
  });
});

import { WEEKLY_LEADERS } from '@rally/shared';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, jobs, webhookEndpoints } from '../../db/schema/index.ts';
import { ACME_HOST, buildTestApp, DEMO_HOST, type TestApp } from '../../test/build-test-app.ts';
import { clientIds, createBadge, createTeam, headersFor, userByEmail } from '../../test/factories.ts';
import { addPoints } from '../../test/factories-leaderboard.ts';
import { type Received, type Receiver, startReceiver } from './webhooks.fixture.ts';
import { setWebhookTransport } from './webhooks.http.ts';
import { nextWeeklyRun, WEEKLY_LEADERBOARD_JOB } from './webhooks.repository.ts';

/**
 * Channel notifications (issue 24): an admin connects a Slack or Microsoft Teams channel by its incoming-webhook URL
 * (a credential: sealed at rest, answered only masked) and picks what is posted; new projects open to everyone, new
 * activities in them and badges earned arrive at a real http receiver as Slack Block Kit and Teams Adaptive Card
 * messages, in the client's words and linking to its own domain. Jobs run only when the test drains them.
 */

let t: TestApp;
let ids: { demo: string; acme: string };
let tokens: { admin: string; member: string; acmeAdmin: string };
let receiver: Receiver;
let restore: ReturnType<typeof setWebhookTransport>;
let origins: { demo: string; acme: string };

beforeAll(async () => {
  t = await buildTestApp({ WEBHOOKS_ALLOW_PRIVATE: '1', JOB_RUNNER: '0' });
  ids = await clientIds(t.ctx.db);
  tokens = {
    admin: await t.login('admin@demo.test'),
    member: await t.login('member@demo.test'),
    acmeAdmin: await t.login('admin@acme.test'),
  };
  receiver = await startReceiver();
  restore = setWebhookTransport({ retryDelaysMs: [0, 0, 0, 0] });
  const originOf = async (token: string, host: string) =>
    new URL((await send('GET', '/api/admin/sso', undefined, token, host)).json().redirect_uri).origin;
  origins = {
    demo: await originOf(tokens.admin, DEMO_HOST),
    acme: await originOf(tokens.acmeAdmin, ACME_HOST),
  };
});
afterEach(async () => {
  for (const [token, host] of [
    [tokens.admin, DEMO_HOST],
    [tokens.acmeAdmin, ACME_HOST],
  ] as const) {
    const list = await send('GET', '/api/admin/webhooks', undefined, token, host);
    for (const { id } of list.json().webhooks as { id: string }[])
      await send('DELETE', `/api/admin/webhooks/${id}`, undefined, token, host);
  }
});
afterAll(async () => {
  setWebhookTransport(restore);
  await receiver.close();
  await t.close();
});

function send(
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  payload?: object,
  token = tokens.admin,
  host = DEMO_HOST,
) {
  return t.app.inject({ method, url, headers: headersFor(token, host), ...(payload && { payload }) });
}

/** A channel of the receiver, at its own path (so each message says which channel it went to). */
async function connect(
  format: 'slack' | 'teams',
  over: Record<string, unknown> = {},
  token = tokens.admin,
  host = DEMO_HOST,
) {
  const url = `${receiver.url}/${format}/T0SECRET/B0SECRET/xoxb-${format}-0123456789`;
  const res = await send(
    'POST',
    '/api/admin/webhooks',
    {
      url,
      format,
      description: `#general on ${format}`,
      event_types: ['project.created', 'activity.created', 'badge.earned'],
      ...over,
    },
    token,
    host,
  );
  expect(res.statusCode, res.body).toBe(201);
  return { id: res.json().webhook.id as string, url, answer: res.json() };
}

/** The messages the receiver got since `from` (after the queued jobs ran), as JSON. */
async function postedSince(from: number): Promise<{ body: Record<string, unknown>; raw: Received }[]> {
  await t.ctx.jobs.drain();
  return receiver.received.slice(from).map((raw) => ({ body: JSON.parse(raw.body), raw }));
}

const slackText = (body: Record<string, unknown>) =>
  (body.blocks as { text?: { text: string } }[])[0]!.text!.text;
const slackButton = (body: Record<string, unknown>) =>
  (body.blocks as { elements?: { url: string; text: { text: string } }[] }[])[1]!.elements![0]!;
const teamsCard = (body: Record<string, unknown>) =>
  (body.attachments as { contentType: string; content: Record<string, unknown> }[])[0]!;

describe('connecting a channel', () => {
  it('keeps its URL sealed, answers it only masked, and never writes it to the audit log', async () => {
    const { id, url, answer } = await connect('slack');
    expect(answer.webhook).toMatchObject({ format: 'slack', description: '#general on slack' });
    expect(answer.webhook.url).toBe(`${new URL(receiver.url).origin}/hook/…6789`);
    const list = await send('GET', '/api/admin/webhooks');
    expect(list.body).not.toContain('xoxb-slack');
    const [row] = await t.ctx.db
      .select()
      .from(webhookEndpoints)
      .where(and(eq(webhookEndpoints.clientId, ids.demo), eq(webhookEndpoints.id, id)));
    expect(row!.url).not.toContain('xoxb');
    expect(row!.sealedUrl).not.toContain('xoxb');
    expect(t.ctx.secrets.open(row!.sealedUrl!)).toBe(url);
    const audit = await t.ctx.db.select().from(auditLog).where(eq(auditLog.target, id));
    expect(JSON.stringify(audit)).not.toContain('xoxb');

    // A change without a URL keeps it; a new URL is sealed in its place.
    const renamed = await send('PATCH', `/api/admin/webhooks/${id}`, { description: '#launches' });
    expect(renamed.json().webhook.url).toBe(answer.webhook.url);
    const moved = await send('PATCH', `/api/admin/webhooks/${id}`, { url: `${url}-new` });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().webhook.url).toMatch(/…-new$/);
    const [after] = await t.ctx.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id));
    expect(t.ctx.secrets.open(after!.sealedUrl!)).toBe(`${url}-new`);
  });

  it('answers 400 naming what is wrong, and connects nothing', async () => {
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ format: 'discord' }, /format must be standard, slack or teams/],
      [
        { event_types: ['member.joined'] },
        /A channel can be posted only project\.created, activity\.created, badge\.earned/,
      ],
      [{ url: 'ftp://hooks.slack.com/x' }, /The URL must start with https:\/\//],
      [{ event_types: [] }, /Choose at least one event/],
    ];
    for (const [over, message] of cases) {
      const res = await send('POST', '/api/admin/webhooks', {
        url: `${receiver.url}/slack/x`,
        format: 'slack',
        event_types: ['badge.earned'],
        ...over,
      });
      expect(res.statusCode, JSON.stringify(over)).toBe(400);
      expect(res.json().message).toMatch(message);
    }
    const { id } = await connect('teams');
    const patch = await send('PATCH', `/api/admin/webhooks/${id}`, { event_types: ['share.clicked'] });
    expect(patch.statusCode).toBe(400);
    expect(patch.json().message).toMatch(/A channel can be posted only/);
    expect((await send('GET', '/api/admin/webhooks')).json().webhooks).toHaveLength(1);
    // Only admins connect channels.
    const member = await send(
      'POST',
      '/api/admin/webhooks',
      { url: receiver.url, format: 'slack', event_types: ['badge.earned'] },
      tokens.member,
    );
    expect(member.statusCode).toBe(403);
  });
});

describe('posting to a channel', () => {
  it('posts a new open project and its new activity to Slack and Teams, linking to the client’s own domain', async () => {
    await connect('slack');
    await connect('teams');
    // A signed endpoint of the client's systems hears of every project, a channel only of open ones.
    const signed = await send('POST', '/api/admin/webhooks', {
      url: `${receiver.url}/signed`,
      event_types: ['project.created'],
    });
    expect(signed.statusCode).toBe(201);
    const from = receiver.received.length;
    const project = await send('POST', '/api/admin/projects', {
      name: 'Summer Launch',
      description: 'Tell the world about our summer range.',
    });
    expect(project.statusCode, project.body).toBe(201);
    const projectId = project.json().project.id as string;
    const posted = await postedSince(from);
    expect(posted).toHaveLength(3);
    const slack = posted.find((p) => 'blocks' in p.body)!;
    expect(slack.body.text).toBe('New project: Summer Launch');
    expect(slackText(slack.body)).toBe(
      '*New project: Summer Launch*\nTell the world about our summer range.',
    );
    expect(slackButton(slack.body)).toMatchObject({
      text: { text: 'Open in Demo' },
      url: `${origins.demo}/projects/${projectId}`,
    });
    // Unsigned: the channel's own URL is its credential.
    expect(slack.raw.headers['webhook-signature']).toBeUndefined();
    const teams = posted.find((p) => p.body.type === 'message')!;
    const card = teamsCard(teams.body);
    expect(card.contentType).toBe('application/vnd.microsoft.card.adaptive');
    expect(card.content).toMatchObject({
      type: 'AdaptiveCard',
      body: [
        { type: 'TextBlock', text: 'New project: Summer Launch', weight: 'Bolder' },
        { type: 'TextBlock', text: 'Tell the world about our summer range.' },
      ],
      actions: [
        { type: 'Action.OpenUrl', title: 'Open in Demo', url: `${origins.demo}/projects/${projectId}` },
      ],
    });
    const standard = posted.find((p) => p.body.type === 'project.created')!;
    expect(standard.raw.headers['webhook-signature']).toMatch(/^v1,/);

    const next = receiver.received.length;
    const activity = await send('POST', `/api/admin/projects/${projectId}/activities`, {
      title: 'Show the product',
      points: 20,
      config: { type: 'content_submission', prompt: 'A photo with the product', media: 'image' },
    });
    expect(activity.statusCode, activity.body).toBe(201);
    const activityId = activity.json().activity.id as string;
    const onActivity = await postedSince(next);
    expect(onActivity.map((p) => (p.body.text ?? p.body.summary) as string).sort()).toEqual([
      'New activity in Summer Launch: Show the product',
      'New activity in Summer Launch: Show the product',
    ]);
    const slackActivity = onActivity.find((p) => 'blocks' in p.body)!;
    expect(slackText(slackActivity.body)).toBe(
      '*New activity in Summer Launch: Show the product*\nEarn 20 points.',
    );
    expect(slackButton(slackActivity.body).url).toBe(
      `${origins.demo}/projects/${projectId}/activities/${activityId}`,
    );
  });

  it('posts nothing of a project only some teams see', async () => {
    await connect('slack');
    const team = await createTeam(t.ctx.db, { clientId: ids.demo });
    const from = receiver.received.length;
    const res = await send('POST', '/api/admin/projects', {
      name: 'Sales only',
      audience: 'teams',
      audience_team_ids: [team.id],
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(await postedSince(from)).toEqual([]);
  });

  it("says the client's own words, and names the member who earned a badge", async () => {
    // Acme calls its projects missions.
    await connect('slack', {}, tokens.acmeAdmin, ACME_HOST);
    const from = receiver.received.length;
    const mission = await send(
      'POST',
      '/api/admin/projects',
      { name: 'Clean the beach' },
      tokens.acmeAdmin,
      ACME_HOST,
    );
    expect(mission.statusCode, mission.body).toBe(201);
    const [posted] = await postedSince(from);
    expect(posted!.body.text).toBe('New mission: Clean the beach');
    expect(slackButton(posted!.body)).toMatchObject({ text: { text: 'Open in Acme' } });
    expect(slackButton(posted!.body).url.startsWith(`${origins.acme}/projects/`)).toBe(true);

    await connect('teams');
    const badge = await createBadge(t.ctx.db, { clientId: ids.demo, name: 'Helper', criterion: 'manual' });
    const member = await userByEmail(t.ctx.db, 'member@demo.test');
    const next = receiver.received.length;
    const award = await send('POST', `/api/admin/badges/${badge.id}/awards`, {
      user_id: member.id,
      reason: 'Helped',
    });
    expect(award.statusCode, award.body).toBe(201);
    const [earned] = await postedSince(next);
    const card = teamsCard(earned!.body);
    expect(card.content).toMatchObject({
      body: [{ text: 'Maya Member earned the badge Helper' }],
      actions: [{ url: `${origins.demo}/people/${member.id}` }],
    });
  });

  it('sends a test message that says the channel is connected, logged like any delivery', async () => {
    const { id } = await connect('slack');
    const from = receiver.received.length;
    const ping = await send('POST', `/api/admin/webhooks/${id}/test`);
    expect(ping.statusCode, ping.body).toBe(202);
    const [posted] = await postedSince(from);
    expect(posted!.body.text).toBe('Demo is connected: its notifications will be posted in this channel.');
    const log = await send('GET', `/api/admin/webhooks/${id}/deliveries`);
    expect(log.json().deliveries[0]).toMatchObject({
      event_type: 'webhook.test',
      status: 'succeeded',
      attempt_count: 1,
    });
  });
});

describe('the weekly leaderboard', () => {
  const pendingWeekly = () =>
    t.ctx.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.kind, WEEKLY_LEADERBOARD_JOB), isNull(jobs.doneAt)));

  it('is scheduled for Monday 09:00 UTC once, and posts the week that ended with its top members and their ranks', async () => {
    await connect('slack', { event_types: ['leaderboard.weekly'] });
    await connect('teams', { event_types: ['leaderboard.weekly', 'badge.earned'] });
    const [scheduled, ...more] = await pendingWeekly();
    expect(more).toEqual([]);
    expect(scheduled!.runAt.toISOString()).toBe(nextWeeklyRun().toISOString());
    expect(scheduled!.runAt.getUTCDay()).toBe(1);
    expect(scheduled!.runAt.getUTCHours()).toBe(9);

    // Last week two members scored more than anyone in the demo, tied.
    const lastWeek = new Date(Date.now() - 7 * 86_400_000);
    const maya = await userByEmail(t.ctx.db, 'member@demo.test');
    const lee = await userByEmail(t.ctx.db, 'lead@demo.test');
    for (const user of [maya, lee])
      await addPoints(t.ctx.db, {
        clientId: ids.demo,
        userId: user.id,
        points: 100_000,
        createdAt: lastWeek,
      });
    // The job is due now (as on Monday morning).
    await t.ctx.db.update(jobs).set({ runAt: new Date() }).where(eq(jobs.id, scheduled!.id));
    const from = receiver.received.length;
    const posted = await postedSince(from);
    expect(posted).toHaveLength(2);
    const slack = posted.find((p) => 'blocks' in p.body)!;
    expect(slack.body.text).toBe('Top of the week in Demo');
    const lines = slackText(slack.body).split('\n');
    expect(lines[0]).toBe('*Top of the week in Demo*');
    expect(lines.slice(1, 3).sort()).toEqual(
      ['1. Lee Lead · 100000 points', '1. Maya Member · 100000 points'].sort(),
    );
    expect(lines.length).toBeLessThanOrEqual(1 + WEEKLY_LEADERS);
    expect(slackButton(slack.body).url).toBe(`${origins.demo}/community/leaderboard`);
    const teams = posted.find((p) => p.body.type === 'message')!;
    expect((teamsCard(teams.body).content.body as { text: string }[]).length).toBe(lines.length);
    // The next Monday's run is scheduled, once.
    const next = await pendingWeekly();
    expect(next).toHaveLength(1);
    expect(next[0]!.id).not.toBe(scheduled!.id);
  });
});

describe('nextWeeklyRun', () => {
  it('is the coming Monday 09:00 UTC, strictly after now', () => {
    const at = (iso: string) => nextWeeklyRun(new Date(iso)).toISOString();
    expect(at('2026-12-07T08:59:00Z')).toBe('2026-12-07T09:00:00.000Z'); // a Monday morning
    expect(at('2026-12-07T09:00:00Z')).toBe('2026-12-14T09:00:00.000Z');
    expect(at('2026-12-06T23:00:00Z')).toBe('2026-12-07T09:00:00.000Z'); // Sunday night
    expect(at('2026-12-09T12:00:00Z')).toBe('2026-12-14T09:00:00.000Z');
  });
});

import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { applicants, webhookDeliveries } from '../../db/schema/index.ts';
import { useAdminFixture } from '../../test/admin-fixture.ts';
import { DEMO_HOST } from '../../test/build-test-app.ts';
import {
  createBadge,
  headersFor,
  mailsTo,
  tokenFromMail,
  unique,
  userByEmail,
} from '../../test/factories.ts';
import { followToApp, startTestIdp } from '../../test/oidc-idp.ts';
import { participationsHelpers } from '../participations/participations.fixture.ts';
import { expectedSignature, type Receiver, startReceiver } from './webhooks.fixture.ts';
import { setWebhookTransport } from './webhooks.http.ts';

/**
 * The events come from where the change happens, through the real routes: a submission and its approval, a visit of
 * a tracked link, a badge awarded by hand, and people joining (invitation, verified sign-up, approved application).
 * Only the client's enabled endpoints that subscribe to an event get it; another client's events never reach them.
 * A local receiver stands in for the integrator (private addresses allowed by the test switch).
 */

const f = useAdminFixture();
const { world, person, join, submit, participate, acmeSubmission } = participationsHelpers(f);
let receiver: Receiver;
let restore: ReturnType<typeof setWebhookTransport>;

beforeAll(async () => {
  receiver = await startReceiver();
  restore = setWebhookTransport({ allowPrivate: true });
});
afterAll(async () => {
  setWebhookTransport(restore);
  await receiver.close();
});
afterEach(async () => {
  const list = await f.send('GET', '/api/admin/webhooks', f.tokens.admin);
  for (const { id } of list.json().webhooks as { id: string }[])
    await f.send('DELETE', `/api/admin/webhooks/${id}`, f.tokens.admin);
});

async function subscribe(events: string[]) {
  const res = await f.send('POST', '/api/admin/webhooks', f.tokens.admin, {
    url: receiver.url,
    event_types: events,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().secret as string;
}

/** The events the receiver got from `from` on (after the jobs ran), each checked against the secret. */
async function eventsSince(from: number, secret: string) {
  await f.t.ctx.jobs.drain();
  return receiver.received.slice(from).map((message) => {
    expect(message.headers['webhook-signature']).toBe(expectedSignature(secret, message));
    return JSON.parse(message.body) as { type: string; data: Record<string, unknown> };
  });
}

describe('participation events', () => {
  it('participation.submitted and participation.approved come from the member and review routes', async () => {
    const secret = await subscribe(['participation.submitted', 'participation.approved']);
    const w = await world();
    const p = await person('Sales');
    await join(p, w.projectId);
    const from = receiver.received.length;
    const submitted = await submit(p, w.submission);
    const answered = await participate(p, w.general, { type: 'general_participation', text: 'Because' });
    const review = await f.send('POST', `/api/admin/participations/${submitted}/review`, f.tokens.admin, {
      decision: 'approve',
    });
    expect(review.statusCode, review.body).toBe(200);
    const admin = await userByEmail(f.t.ctx.db, 'admin@demo.test');
    const common = { project_id: w.projectId, member_id: p.id };
    expect((await eventsSince(from, secret)).map(({ type, data }) => ({ type, data }))).toEqual([
      {
        type: 'participation.submitted',
        data: {
          participation: {
            id: submitted,
            activity_id: w.submission,
            ...common,
            status: 'pending',
            points_awarded: 0,
          },
        },
      },
      {
        type: 'participation.submitted',
        data: {
          participation: {
            id: answered,
            activity_id: w.general,
            ...common,
            status: 'completed',
            points_awarded: 5,
          },
        },
      },
      {
        type: 'participation.approved',
        data: {
          participation: {
            id: submitted,
            activity_id: w.submission,
            ...common,
            status: 'approved',
            points_awarded: 20,
          },
          reviewer_id: admin.id,
        },
      },
    ]);
  });

  it("sends nothing to an endpoint that did not subscribe, one that is off, or for another client's events", async () => {
    const secret = await subscribe(['badge.earned']);
    const offSecret = await subscribe(['participation.submitted']);
    const list = await f.send('GET', '/api/admin/webhooks', f.tokens.admin);
    const off = list
      .json()
      .webhooks.find((w: { event_types: string[] }) => w.event_types[0] === 'participation.submitted');
    await f.send('PATCH', `/api/admin/webhooks/${off.id}`, f.tokens.admin, { enabled: false });
    const from = receiver.received.length;
    const w = await world();
    const p = await person('Marketing');
    await join(p, w.projectId);
    await submit(p, w.submission);
    await acmeSubmission();
    expect(await eventsSince(from, secret)).toEqual([]);
    expect(offSecret).not.toBe(secret);
    expect(
      await f.t.ctx.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.clientId, f.ids.acme)),
    ).toEqual([]);
  });
});

describe('share.clicked', () => {
  it('comes from a visit of the tracked link, once per visitor', async () => {
    const secret = await subscribe(['share.clicked']);
    const w = await world();
    const p = await person(null);
    await join(p, w.projectId);
    const created = await f.send('POST', `/api/activities/${w.social}/shares`, p.token, {
      channel: 'linkedin',
      text: 'Big launch today',
    });
    expect(created.statusCode, created.body).toBe(200);
    const shareId = created.json().share.id as string;
    const from = receiver.received.length;
    for (const agent of ['Mozilla/5.0 one', 'Mozilla/5.0 one', 'Mozilla/5.0 two']) {
      await f.t.app.inject({ url: `/p/${shareId}`, headers: { host: DEMO_HOST, 'user-agent': agent } });
    }
    const events = await eventsSince(from, secret);
    expect(events.map((e) => e.data)).toEqual(
      [1, 2].map((clicks) => ({
        share: { id: shareId, activity_id: w.social, member_id: p.id, channel: 'linkedin', clicks },
      })),
    );
  });
});

describe('badge.earned', () => {
  it('comes from an admin awarding a badge by hand', async () => {
    const secret = await subscribe(['badge.earned']);
    const badge = await createBadge(f.t.ctx.db, {
      clientId: f.ids.demo,
      name: 'Helper',
      criterion: 'manual',
    });
    const member = await userByEmail(f.t.ctx.db, 'member@demo.test');
    const admin = await userByEmail(f.t.ctx.db, 'admin@demo.test');
    const from = receiver.received.length;
    const res = await f.send('POST', `/api/admin/badges/${badge.id}/awards`, f.tokens.admin, {
      user_id: member.id,
      reason: 'Helped at the launch',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(await eventsSince(from, secret)).toEqual([
      {
        type: 'badge.earned',
        timestamp: expect.any(String),
        data: {
          badge: { id: badge.id, name: 'Helper', tier: 0 },
          member_id: member.id,
          awarded_by: admin.id,
        },
      },
    ]);
  });
});

describe('member.joined', () => {
  const post = (url: string, payload: object) =>
    f.t.app.inject({ method: 'POST', url, headers: headersFor(), payload });

  it('comes when an invitation is accepted, a sign-up is verified and an application is approved', async () => {
    const secret = await subscribe(['member.joined']);
    const from = receiver.received.length;

    const invited = `${unique('invitee')}@example.test`;
    const invite = await f.send('POST', '/api/admin/users/invitations', f.tokens.admin, { email: invited });
    expect(invite.statusCode, invite.body).toBe(201);
    const inviteToken = /\/reset\?invite=([\w-]+)/.exec(
      (await mailsTo(f.t.ctx.db, invited)).at(-1)!.text,
    )![1]!;
    expect(
      (await post('/api/invitations/accept', { token: inviteToken, password: 'a-good-password' })).statusCode,
    ).toBe(200);

    const signedUp = `${unique('new')}@example.test`;
    const account = await post('/api/accounts', {
      email: signedUp,
      password: 'long-enough-pw',
      first_name: 'Nina',
      last_name: 'New',
    });
    expect(account.statusCode, account.body).toBeLessThan(300);
    const verifyToken = await tokenFromMail(f.t.ctx.db, signedUp, 'verify');
    expect((await post('/api/verify', { token: verifyToken })).statusCode).toBe(200);

    const applicant = await userByEmail(f.t.ctx.db, 'applicant@demo.test');
    const [application] = await f.t.ctx.db
      .select()
      .from(applicants)
      .where(and(eq(applicants.clientId, f.ids.demo), eq(applicants.userId, applicant.id)));
    const decided = await f.send(
      'POST',
      `/api/admin/applicants/${application!.id}/decision`,
      f.tokens.admin,
      {
        decision: 'approve',
      },
    );
    expect(decided.statusCode, decided.body).toBe(200);

    const [invitedUser, newUser] = [
      await userByEmail(f.t.ctx.db, invited),
      await userByEmail(f.t.ctx.db, signedUp),
    ];
    const events = await eventsSince(from, secret);
    expect(events.map((e) => e.type)).toEqual(['member.joined', 'member.joined', 'member.joined']);
    expect(events.map((e) => e.data)).toEqual([
      {
        member: { id: invitedUser.id, email: invited, first_name: null, last_name: null, role: 'USER' },
        via: 'invitation',
      },
      {
        member: { id: newUser.id, email: signedUp, first_name: 'Nina', last_name: 'New', role: 'USER' },
        via: 'sign_up',
      },
      {
        member: {
          id: applicant.id,
          email: 'applicant@demo.test',
          first_name: 'Ava',
          last_name: 'Applicant',
          role: 'USER',
        },
        via: 'application',
      },
    ]);
  });

  it('comes when a sign-up resets the password instead of verifying, and not for a member who had joined', async () => {
    const secret = await subscribe(['member.joined']);
    const from = receiver.received.length;
    const email = `${unique('resetter')}@example.test`;
    const account = await post('/api/accounts', {
      email,
      password: 'long-enough-pw',
      first_name: 'Rae',
      last_name: 'Set',
    });
    expect(account.statusCode, account.body).toBeLessThan(300);
    const joined = (await f.newMember()).user.email!;
    for (const address of [email, joined]) {
      expect((await post('/api/password-reset', { email: address })).statusCode).toBeLessThan(300);
      const token = await tokenFromMail(f.t.ctx.db, address, 'reset');
      const done = await post('/api/password-reset/confirm', { token, password: 'another-good-pw' });
      expect(done.statusCode, done.body).toBeLessThan(300);
    }
    const user = await userByEmail(f.t.ctx.db, email);
    expect((await eventsSince(from, secret)).map((e) => e.data)).toEqual([
      { member: { id: user.id, email, first_name: 'Rae', last_name: 'Set', role: 'USER' }, via: 'sign_up' },
    ]);
  });

  it('comes when a person first signs in through the company provider (just in time), not at later sign-ins', async () => {
    const secret = await subscribe(['member.joined']);
    const redirectUri = (await f.send('GET', '/api/admin/sso', f.tokens.admin)).json().redirect_uri as string;
    const idp = await startTestIdp([redirectUri]);
    try {
      const saved = await f.send('PUT', '/api/admin/sso', f.tokens.admin, {
        display_name: 'Demo Okta',
        issuer: idp.issuer,
        client_id: idp.clientId,
        client_secret: idp.clientSecret,
      });
      expect(saved.statusCode, saved.body).toBe(200);
      const email = `${unique('jit')}@corp.example`;
      idp.person({ sub: email, email, email_verified: true, given_name: 'Jo', family_name: 'Tim' });
      const from = receiver.received.length;
      for (let i = 0; i < 2; i++) {
        const start = await f.t.app.inject({
          url: `/api/sso/start?to=%2F&login_hint=${encodeURIComponent(email)}`,
          headers: { host: DEMO_HOST },
        });
        const flow = [start.cookies].flat().find((c) => c.name === 'rally_sso')!;
        const back = await followToApp(start.headers.location as string, new URL(redirectUri).origin);
        const answer = await f.t.app.inject({
          url: `${back.pathname}${back.search}`,
          headers: { host: DEMO_HOST, cookie: `rally_sso=${flow.value}` },
        });
        expect(answer.headers.location).toBe('/');
      }
      const user = await userByEmail(f.t.ctx.db, email);
      expect((await eventsSince(from, secret)).map((e) => e.data)).toEqual([
        { member: { id: user.id, email, first_name: 'Jo', last_name: 'Tim', role: 'USER' }, via: 'sso' },
      ]);
    } finally {
      await f.send('DELETE', '/api/admin/sso', f.tokens.admin);
      await idp.close();
    }
  });

  it('comes when the company directory creates an active member (SCIM), not an inactive one or one it brings back', async () => {
    const secret = await subscribe(['member.joined']);
    const created = await f.send('POST', '/api/admin/scim-tokens', f.tokens.admin, { name: 'Entra' });
    expect(created.statusCode, created.body).toBe(201);
    const scim = (method: 'POST' | 'DELETE', url: string, payload?: object) =>
      f.t.app.inject({
        method,
        url,
        headers: { host: DEMO_HOST, authorization: `Bearer ${created.json().token}` },
        ...(payload && { payload }),
      });
    const from = receiver.received.length;
    const active = `${unique('scim')}@corp.example`;
    const made = await scim('POST', '/scim/v2/Users', {
      userName: active,
      name: { givenName: 'Sia', familyName: 'Im' },
      emails: [{ value: active, primary: true }],
    });
    expect(made.statusCode, made.body).toBe(201);
    const inactive = `${unique('scim-off')}@corp.example`;
    expect((await scim('POST', '/scim/v2/Users', { userName: inactive, active: false })).statusCode).toBe(
      201,
    );
    // Deleted, then provisioned again: the same member comes back, they do not join again.
    expect((await scim('DELETE', `/scim/v2/Users/${made.json().id}`)).statusCode).toBe(204);
    expect((await scim('POST', '/scim/v2/Users', { userName: active })).statusCode).toBe(201);
    const user = await userByEmail(f.t.ctx.db, active);
    expect((await eventsSince(from, secret)).map((e) => e.data)).toEqual([
      {
        member: { id: user.id, email: active, first_name: 'Sia', last_name: 'Im', role: 'USER' },
        via: 'scim',
      },
    ]);
  });
});

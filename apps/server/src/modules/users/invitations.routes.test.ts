import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, emailTokens, teamMembers, users } from '../../db/schema/index.ts';
import { useAdminFixture } from '../../test/admin-fixture.ts';
import { expectSessionRequired } from '../../test/expectations.ts';
import { createUser, headersFor, mailsTo, unique } from '../../test/factories.ts';

/**
 * Invitations: an admin (or an ANALYST within SPEC 6) invites one person by email with a role and teams; the mail's
 * link, built on the client's own origin, lets them choose a password and sign in once; resend voids the old link,
 * revoke removes the invited person.
 */

const f = useAdminFixture();
const newEmail = () => `${unique('invitee')}@example.test`;
const invite = (token: string, payload: object) =>
  f.send('POST', '/api/admin/users/invitations', token, payload);
const inviteToken = async (to: string) => {
  const text = (await mailsTo(f.t.ctx.db, to)).at(-1)?.text ?? '';
  return /\/reset\?invite=([A-Za-z0-9_-]+)/.exec(text)?.[1] ?? '';
};
const accept = (token: string, password = 'a-good-password') =>
  f.t.app.inject({
    method: 'POST',
    url: '/api/invitations/accept',
    headers: headersFor(),
    payload: { token, password },
  });
const byEmail = async (email: string) =>
  (await f.t.ctx.db.select().from(users).where(eq(users.email, email)))[0];

describe('POST /api/admin/users/invitations', () => {
  it('answers 401 without a valid session of this client', async () => {
    await expectSessionRequired(f.t, {
      method: 'POST',
      url: '/api/admin/users/invitations',
      payload: { email: newEmail() },
    });
  });

  it('answers 400 naming the field and creates nobody', async () => {
    const email = newEmail();
    for (const [payload, message] of [
      [{}, /Email is required/],
      [{ email: 'not an email' }, /Email must be a valid email address/],
      [{ email, role: 'APPLICANT' }, /role must be one of USER, ANALYST, ADMIN/],
      [{ email, team_ids: ['x'] }, /team_ids must be team ids/],
      [{ email, team_ids: [f.acmeTeamId] }, /team_ids must be teams of this app/],
      [{ email, extra: 1 }, /extra/],
    ] as const) {
      const res = await invite(f.tokens.admin, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message).toMatch(message);
    }
    expect(await byEmail(email)).toBeUndefined();
    expect(await mailsTo(f.t.ctx.db, email)).toEqual([]);
  });

  it('answers 403 to a member and an applicant, and to an ANALYST granting ADMIN or a lead outside their teams', async () => {
    const email = newEmail();
    const analyst = await createUser(f.t.ctx.db, { clientId: f.ids.demo, role: 'ANALYST' });
    const analystToken = await f.t.login(analyst.email!);
    const applicant = await f.t.login('applicant@demo.test');
    for (const [token, payload] of [
      [f.tokens.member, { email }],
      [applicant, { email }],
      [analystToken, { email, role: 'ADMIN' }],
      [f.tokens.lead, { email, team_ids: [f.team.Marketing] }],
    ] as const) {
      const res = await invite(token, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(403);
    }
    expect(await byEmail(email)).toBeUndefined();
  });

  it('answers 409 for an email that has an account already', async () => {
    const res = await invite(f.tokens.admin, { email: 'MEMBER@demo.test' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Someone with this email already has an account or an invitation');
  });

  it('invites: the person shows as invited, the link works once and signs them in to the onboarding gate', async () => {
    const email = newEmail();
    const res = await invite(f.tokens.admin, {
      email: email.toUpperCase(),
      role: 'ANALYST',
      team_ids: [f.team.Sales],
    });
    expect(res.statusCode, res.body).toBe(201);
    const invited = res.json().user;
    expect(invited).toMatchObject({
      email,
      role: 'ANALYST',
      status: 'invited',
      teams: [{ id: f.team.Sales }],
    });
    const [mail] = await mailsTo(f.t.ctx.db, email);
    expect(mail!.text).toContain('http://localhost');
    expect(mail!.text).toContain('7 days');
    const listed = await f.send('GET', '/api/admin/users?status=invited&limit=100', f.tokens.admin);
    expect(listed.json().users.map((u: { id: string }) => u.id)).toContain(invited.id);

    const token = await inviteToken(email);
    expect((await accept(token, 'short')).statusCode).toBe(400);
    const ok = await accept(token);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().user).toMatchObject({ email, role: 'ANALYST', onboarded_at: null });
    const me = await f.send('GET', '/api/me', ok.json().token);
    expect(me.statusCode).toBe(200);
    const again = await accept(token);
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toMatch(/invalid or has expired/);
    expect((await byEmail(email))!.emailVerifiedAt).not.toBeNull();
    const after = await f.send('GET', `/api/admin/users?q=${encodeURIComponent(email)}`, f.tokens.admin);
    expect(after.json().users[0].status).toBe('active');
    const audit = await f.t.ctx.db.select().from(auditLog).where(eq(auditLog.target, invited.id));
    expect(audit.map((a) => a.action)).toEqual(['user.invite', 'user.invite_accept']);
  });

  it('refuses an expired invitation link', async () => {
    const email = newEmail();
    await invite(f.tokens.admin, { email });
    const user = (await byEmail(email))!;
    await f.t.ctx.db
      .update(emailTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(emailTokens.userId, user.id));
    expect((await accept(await inviteToken(email))).statusCode).toBe(400);
    expect((await byEmail(email))!.passwordHash).toBeNull();
  });

  it('lets a team lead invite into the teams they lead only', async () => {
    const email = newEmail();
    const res = await invite(f.tokens.lead, { email, team_ids: [f.team.Sales] });
    expect(res.statusCode, res.body).toBe(201);
    const none = await invite(f.tokens.lead, { email: newEmail() });
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe('team_ids must name one of the Teams you lead');
  });
});

describe('POST and DELETE /api/admin/users/{id}/invitation', () => {
  it('answers 401, 400, 403 and 404 as the other calls do, changing nothing', async () => {
    const email = newEmail();
    const { user } = (await invite(f.tokens.admin, { email })).json();
    await expectSessionRequired(f.t, { method: 'POST', url: `/api/admin/users/${user.id}/invitation` });
    await expectSessionRequired(f.t, { method: 'DELETE', url: `/api/admin/users/${user.id}/invitation` });
    expect((await f.send('POST', '/api/admin/users/x/invitation', f.tokens.admin)).statusCode).toBe(400);
    const member = await createUser(f.t.ctx.db, { clientId: f.ids.demo });
    const accepted = await f.send('DELETE', `/api/admin/users/${member.id}/invitation`, f.tokens.admin);
    expect(accepted.statusCode).toBe(400);
    expect(accepted.json().message).toBe('This person has already accepted their invitation');
    for (const method of ['POST', 'DELETE'] as const) {
      expect(
        (await f.send(method, `/api/admin/users/${user.id}/invitation`, f.tokens.member)).statusCode,
      ).toBe(403);
      expect((await f.send(method, `/api/admin/users/${user.id}/invitation`, f.tokens.lead)).statusCode).toBe(
        403,
      );
      const acme = await f.send(
        method,
        `/api/admin/users/${user.id}/invitation`,
        f.tokens.acmeAdmin,
        undefined,
        '127.0.0.1',
      );
      expect(acme.statusCode).toBe(404);
    }
    expect(await mailsTo(f.t.ctx.db, email)).toHaveLength(1);
    expect(await byEmail(email)).toBeDefined();
  });

  it('resend mails a new link and voids the old one; revoke removes the invited person', async () => {
    const email = newEmail();
    const { user } = (await invite(f.tokens.admin, { email, team_ids: [f.team.Marketing] })).json();
    const old = await inviteToken(email);
    const resent = await f.send('POST', `/api/admin/users/${user.id}/invitation`, f.tokens.admin);
    expect(resent.statusCode, resent.body).toBe(200);
    expect(resent.json().user.status).toBe('invited');
    const fresh = await inviteToken(email);
    expect(fresh).not.toBe(old);
    expect((await accept(old)).statusCode).toBe(400);

    const revoked = await f.send('DELETE', `/api/admin/users/${user.id}/invitation`, f.tokens.admin);
    expect(revoked.json()).toEqual({ ok: true });
    expect(await byEmail(email)).toBeUndefined();
    expect(await f.t.ctx.db.select().from(teamMembers).where(eq(teamMembers.userId, user.id))).toEqual([]);
    expect((await accept(fresh)).statusCode).toBe(400);
    const actions = await f.t.ctx.db.select().from(auditLog).where(eq(auditLog.target, user.id));
    expect(actions.map((a) => a.action)).toEqual(['user.invite', 'user.invite_resend', 'user.invite_revoke']);
  });
});

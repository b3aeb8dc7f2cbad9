import { describe, expect, it } from 'vitest';
import { useAdminFixture } from '../../test/admin-fixture.ts';
import { expectSessionRequired } from '../../test/expectations.ts';
import { ledgerOf, userByEmail } from '../../test/factories.ts';
import { FORBIDDEN, participationsHelpers, UNKNOWN_ID } from './participations.fixture.ts';

const f = useAdminFixture();
const {
  busyWorld,
  participationRow,
  notificationsOf,
  ledgerCount,
  notificationCount,
  person,
  world,
  join,
  submit,
  acmeSubmission,
} = participationsHelpers(f);

describe('POST /api/admin/participations/{id}/review', () => {
  /** A pending Brand Content submission of a fresh member of the team. */
  async function pendingSubmission(team: 'Sales' | 'Marketing' | null = 'Sales') {
    const w = await world();
    const p = await person(team);
    await join(p, w.projectId);
    const id = await submit(p, w.submission);
    return { w, p, id };
  }
  const review = (id: string, body: object, token = f.tokens.admin) =>
    f.send('POST', `/api/admin/participations/${id}/review`, token, body);
  /** The participation, the points ledger and the notifications are as they were. */
  async function expectUnchanged(
    id: string,
    before: Awaited<ReturnType<typeof participationRow>>,
    counts: { ledger: number; notes: number },
  ) {
    expect(await participationRow(id)).toEqual(before);
    expect(await ledgerCount()).toBe(counts.ledger);
    expect(await notificationCount()).toBe(counts.notes);
  }
  const counts = async () => ({ ledger: await ledgerCount(), notes: await notificationCount() });

  it('answers 401 without a valid session of this client', async () => {
    const { id } = await pendingSubmission();
    await expectSessionRequired(f.t, {
      method: 'POST',
      url: `/api/admin/participations/${id}/review`,
      payload: { decision: 'approve' },
    });
    expect((await participationRow(id)).status).toBe('pending');
  });

  it('answers 403 to a member, and changes nothing', async () => {
    const { id } = await pendingSubmission();
    const before = await participationRow(id);
    const c = await counts();
    const res = await review(id, { decision: 'approve' }, f.tokens.member);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual(FORBIDDEN);
    await expectUnchanged(id, before, c);
  });

  it('answers 400 for a missing decision or a rejection without a reason, and changes nothing', async () => {
    const { id } = await pendingSubmission();
    const before = await participationRow(id);
    const c = await counts();
    const cases: [object, RegExp][] = [
      [{}, /decision must be approve or reject/],
      [{ decision: 'maybe' }, /decision must be approve or reject/],
      [{ decision: 'reject' }, /^reason: A reason is required to reject$/],
      [{ decision: 'reject', reason: '   ' }, /A reason is required to reject/],
      [{ decision: 'reject', reason: 'r'.repeat(501) }, /reason/],
    ];
    for (const [body, message] of cases) {
      const res = await review(id, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toMatch(message);
    }
    const badId = await review('first', { decision: 'approve' });
    expect(badId.json()).toEqual({ message: 'id must be a participation id', code: 'invalid_input' });
    await expectUnchanged(id, before, c);
  });

  it("answers 404 for another client's or an unknown participation, and changes nothing", async () => {
    const acme = await acmeSubmission();
    const before = await participationRow(acme.id);
    const c = await counts();
    for (const id of [acme.id, UNKNOWN_ID]) {
      const res = await review(id, { decision: 'approve' });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'Participation not found' });
    }
    await expectUnchanged(acme.id, before, c);
  });

  it("answers 404 to a team lead for another team's submission, and lets them review their own team's", async () => {
    const marketing = await pendingSubmission('Marketing');
    const before = await participationRow(marketing.id);
    const c = await counts();
    const res = await review(marketing.id, { decision: 'approve' }, f.tokens.lead);
    expect(res.statusCode).toBe(404);
    await expectUnchanged(marketing.id, before, c);

    // member@demo.test (Marketing) is out of the lead's reach too.
    const w = await world();
    await join({ token: f.tokens.member }, w.projectId);
    const maya = await submit({ token: f.tokens.member }, w.submission);
    expect((await review(maya, { decision: 'reject', reason: 'No' }, f.tokens.lead)).statusCode).toBe(404);
    expect((await participationRow(maya)).status).toBe('pending');

    const sales = await pendingSubmission('Sales');
    const ok = await review(sales.id, { decision: 'approve' }, f.tokens.lead);
    expect(ok.statusCode).toBe(200);
    const lead = await userByEmail(f.t.ctx.db, 'lead@demo.test');
    expect(await participationRow(sales.id)).toMatchObject({ status: 'approved', reviewedBy: lead.id });
  });

  it('answers 409 for work that is not Brand Content, and changes nothing', async () => {
    const { made } = await busyWorld();
    for (const id of [made.annShare, made.annGeneral, made.bobTraining]) {
      const before = await participationRow(id);
      const c = await counts();
      const res = await review(id, { decision: 'approve' });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ message: 'Only Brand Content submissions are reviewed' });
      await expectUnchanged(id, before, c);
    }
  });

  it('approves: awards the points once, notifies the member with a link, and refuses a second review', async () => {
    const { w, p, id } = await pendingSubmission();
    const res = await review(id, { decision: 'approve' });
    expect(res.statusCode).toBe(200);
    expect(res.json().participation).toMatchObject({
      id,
      status: 'approved',
      reject_reason: null,
      reviewed_at: expect.any(String),
      activity: { id: w.submission, points: 20 },
      user: { id: p.id },
    });
    const admin = await userByEmail(f.t.ctx.db, 'admin@demo.test');
    expect(await participationRow(id)).toMatchObject({
      status: 'approved',
      isComplete: true,
      reviewedBy: admin.id,
    });
    const ledger = await ledgerOf(f.t.ctx.db, p.id);
    expect(ledger).toEqual([
      expect.objectContaining({ points: 20, source: `participation:${id}`, clientId: f.ids.demo }),
    ]);
    const [note, ...more] = await notificationsOf(p.id, 'participation_approved');
    expect(more).toEqual([]);
    expect(note).toMatchObject({
      clientId: f.ids.demo,
      title: 'Your submission to “Show it” was approved',
      body: 'You earned 20 points.',
      link: `/projects/${w.projectId}/activities/${w.submission}`,
    });
    const inbox = await f.send('GET', '/api/notifications', p.token);
    expect(JSON.stringify(inbox.json())).toContain(`/projects/${w.projectId}/activities/${w.submission}`);
    const seen = await f.send('GET', `/api/activities/${w.submission}`, p.token);
    expect(seen.json().activity).toMatchObject({
      status: 'completed',
      participation: { status: 'approved' },
    });

    for (const body of [{ decision: 'approve' }, { decision: 'reject', reason: 'Changed my mind' }]) {
      const again = await review(id, body);
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual({
        message: 'This submission was already approved',
        code: 'already_reviewed',
      });
    }
    expect(await ledgerOf(f.t.ctx.db, p.id)).toHaveLength(1);
    expect(await notificationsOf(p.id, 'participation_approved')).toHaveLength(1);
    expect((await participationRow(id)).status).toBe('approved');
  });

  it('rejects: stores the reason, awards nothing, notifies; a resubmission can then be approved once', async () => {
    const { w, p, id } = await pendingSubmission();
    const res = await review(id, { decision: 'reject', reason: '  The product is not visible  ' });
    expect(res.statusCode).toBe(200);
    expect(res.json().participation).toMatchObject({
      status: 'rejected',
      reject_reason: 'The product is not visible',
    });
    expect(await participationRow(id)).toMatchObject({
      status: 'rejected',
      isComplete: false,
      rejectReason: 'The product is not visible',
    });
    expect(await ledgerOf(f.t.ctx.db, p.id)).toEqual([]);
    expect(await notificationsOf(p.id, 'participation_rejected')).toEqual([
      expect.objectContaining({
        body: 'The product is not visible',
        link: `/projects/${w.projectId}/activities/${w.submission}`,
      }),
    ]);
    const again = await review(id, { decision: 'approve' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This submission was already rejected');
    const seen = await f.send('GET', `/api/activities/${w.submission}`, p.token);
    expect(seen.json().activity).toMatchObject({
      status: 'rejected',
      participation: { reject_reason: 'The product is not visible' },
    });

    const resubmitted = await submit(p, w.submission, 'Better light this time');
    expect(resubmitted).toBe(id);
    expect(await participationRow(id)).toMatchObject({ status: 'pending', rejectReason: null });
    expect((await review(id, { decision: 'approve' })).statusCode).toBe(200);
    expect((await ledgerOf(f.t.ctx.db, p.id)).map((r) => r.points)).toEqual([20]);
  });

  it('lets only one of two simultaneous reviews through', async () => {
    const { p, id } = await pendingSubmission();
    const [a, b] = await Promise.all([
      review(id, { decision: 'approve' }),
      review(id, { decision: 'reject', reason: 'Blurry' }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const row = await participationRow(id);
    const ledger = await ledgerOf(f.t.ctx.db, p.id);
    expect(ledger).toHaveLength(row.status === 'approved' ? 1 : 0);
    const notes = [
      ...(await notificationsOf(p.id, 'participation_approved')),
      ...(await notificationsOf(p.id, 'participation_rejected')),
    ];
    expect(notes).toHaveLength(1);
  });
});

import { describe, expect, it } from 'vitest';
import { useAdminFixture } from '../../test/admin-fixture.ts';
import { ACME_HOST } from '../../test/build-test-app.ts';
import { expectSessionRequired } from '../../test/expectations.ts';
import { createUser, userByEmail } from '../../test/factories.ts';
import { FORBIDDEN, type Listed, participationsHelpers, UNKNOWN_ID } from './participations.fixture.ts';

const f = useAdminFixture();
const { busyWorld, join, participate, acmeSubmission, list, listIds } = participationsHelpers(f);

describe('GET /api/admin/participations', () => {
  it('answers 401 without a valid session of this client', async () => {
    await expectSessionRequired(f.t, { url: '/api/admin/participations' });
  });

  it('answers 403 to a member', async () => {
    const res = await f.send('GET', '/api/admin/participations', f.tokens.member);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual(FORBIDDEN);
  });

  it('answers 400 for a bad limit, cursor or filter', async () => {
    const cases: [string, RegExp][] = [
      ['limit=0', /limit must be between 1 and 100/],
      ['limit=101', /limit must be between 1 and 100/],
      ['limit=-5', /limit must be between 1 and 100/],
      ['limit=2.5', /limit must be a whole number/],
      ['limit=ten', /limit must be a number/],
      ['cursor=last', /cursor must be a participation id/],
      ['status=open', /status/],
      ['type=story', /type/],
      ['project_id=launch', /project_id must be a project id/],
    ];
    for (const [query, message] of cases) {
      const res = await f.send('GET', `/api/admin/participations?${query}`, f.tokens.admin);
      expect(res.statusCode, query).toBe(400);
      expect(res.json(), query).toMatchObject({
        message: expect.stringMatching(message),
        code: 'invalid_input',
      });
    }
  });

  it("never lists another client's participations", async () => {
    const acme = await acmeSubmission();
    expect(await listIds(`?project_id=${acme.w.projectId}`)).toEqual([]);
    expect(await listIds('?limit=100')).not.toContain(acme.id);
    const own = await f.send(
      'GET',
      `/api/admin/participations?project_id=${acme.w.projectId}`,
      f.tokens.acmeAdmin,
      undefined,
      ACME_HOST,
    );
    expect((own.json().participations as Listed[]).map((p) => p.id)).toEqual([acme.id]);
  });

  it('lists every participation of the project newest first, with its activity, member, data and share', async () => {
    const { w, ann, bob, made } = await busyWorld();
    const page = await list(`?project_id=${w.projectId}`);
    expect(page.next_cursor).toBeNull();
    expect(page.participations.map((p) => p.id)).toEqual([
      made.bobTraining,
      made.annSubmission,
      made.bobSubmission,
      made.annGeneral,
      made.annShare,
    ]);
    const byId = Object.fromEntries(page.participations.map((p) => [p.id, p]));
    expect(byId[made.annShare]).toEqual({
      id: made.annShare,
      status: 'completed',
      activity: { id: w.social, title: 'Share it', type: 'social_post', points: 3 },
      project: { id: w.projectId, name: 'Launch' },
      user: { id: ann.id, display_name: 'Ann Sales', email: expect.stringContaining('@'), image_url: null },
      data: expect.objectContaining({ channel: 'twitter', post_url: 'https://twitter.com/sam/status/1' }),
      share: { channel: 'twitter', post_url: 'https://twitter.com/sam/status/1', clicks: 0 },
      reject_reason: null,
      created_at: expect.any(String),
      reviewed_at: null,
    });
    expect(byId[made.bobSubmission]).toMatchObject({
      status: 'pending',
      activity: { type: 'content_submission', points: 20 },
      user: { id: bob.id, display_name: 'Bob Marketing' },
      data: { caption: 'Here it is', media_urls: [expect.stringMatching(/^\/api\/files\//)] },
      share: null,
    });
    expect(byId[made.annGeneral]).toMatchObject({ status: 'completed', data: { text: 'Because' } });
  });

  it('filters by status, type and project', async () => {
    const { w, made } = await busyWorld();
    const other = await busyWorld();
    const inProject = `project_id=${w.projectId}`;
    expect(await listIds(`?${inProject}&status=pending`)).toEqual([made.annSubmission, made.bobSubmission]);
    expect(await listIds(`?${inProject}&status=completed`)).toEqual([
      made.bobTraining,
      made.annGeneral,
      made.annShare,
    ]);
    expect(await listIds(`?${inProject}&status=approved`)).toEqual([]);
    expect(await listIds(`?${inProject}&type=content_submission`)).toEqual([
      made.annSubmission,
      made.bobSubmission,
    ]);
    expect(await listIds(`?${inProject}&type=social_post`)).toEqual([made.annShare]);
    expect(await listIds(`?${inProject}&type=training&status=completed`)).toEqual([made.bobTraining]);
    expect(await listIds(`?${inProject}&type=training&status=pending`)).toEqual([]);
    expect(await listIds(`?${inProject}&type=all&status=all`)).toHaveLength(5);
    expect(await listIds(`?project_id=${other.w.projectId}&status=pending`)).toEqual([
      other.made.annSubmission,
      other.made.bobSubmission,
    ]);
    const all = await listIds('?status=pending&limit=100');
    expect(all).toEqual(expect.arrayContaining([made.annSubmission, other.made.bobSubmission]));
    expect(await listIds(`?project_id=${UNKNOWN_ID}`)).toEqual([]);

    await f.send('POST', `/api/admin/participations/${made.bobSubmission}/review`, f.tokens.admin, {
      decision: 'approve',
    });
    await f.send('POST', `/api/admin/participations/${made.annSubmission}/review`, f.tokens.admin, {
      decision: 'reject',
      reason: 'Blurry',
    });
    expect(await listIds(`?${inProject}&status=approved`)).toEqual([made.bobSubmission]);
    expect(await listIds(`?${inProject}&status=rejected`)).toEqual([made.annSubmission]);
    expect(await listIds(`?${inProject}&status=pending`)).toEqual([]);
  });

  it('pages by cursor: each page once, next_cursor null on the last one', async () => {
    const { w, made } = await busyWorld();
    const newestFirst = [
      made.bobTraining,
      made.annSubmission,
      made.bobSubmission,
      made.annGeneral,
      made.annShare,
    ];
    const seen: string[] = [];
    let cursor: string | null = null;
    const pages: number[] = [];
    do {
      const page = await list(`?project_id=${w.projectId}&limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      pages.push(page.participations.length);
      seen.push(...page.participations.map((p) => p.id));
      cursor = page.next_cursor;
      if (cursor) expect(cursor).toBe(page.participations.at(-1)!.id);
    } while (cursor);
    expect(pages).toEqual([2, 2, 1]);
    expect(seen).toEqual(newestFirst);

    // Exactly one full page: nothing after it.
    const exact = await list(`?project_id=${w.projectId}&limit=5`);
    expect(exact.participations).toHaveLength(5);
    expect(exact.next_cursor).toBeNull();
    const afterLast = await list(`?project_id=${w.projectId}&cursor=${made.annShare}`);
    expect(afterLast).toEqual({ participations: [], next_cursor: null });
    // The default page is 10.
    const many = await list('');
    expect(many.participations.length).toBeLessThanOrEqual(10);
  });

  it("shows a team lead with team tags only their teams' members; a lead without tags sees all", async () => {
    const { w, ann, made } = await busyWorld();
    const member = await userByEmail(f.t.ctx.db, 'member@demo.test');
    await join({ token: f.tokens.member }, w.projectId);
    const mayaGeneral = await participate({ token: f.tokens.member }, w.general, {
      type: 'general_participation',
      text: 'Love it',
    });

    const leadSees = await list(`?project_id=${w.projectId}`, f.tokens.lead);
    expect(leadSees.participations.map((p) => p.id)).toEqual([
      made.annSubmission,
      made.annGeneral,
      made.annShare,
    ]);
    expect(new Set(leadSees.participations.map((p) => p.user.id))).toEqual(new Set([ann.id]));
    expect(leadSees.participations.map((p) => p.user.id)).not.toContain(member.id);

    const globalLead = await createUser(f.t.ctx.db, { clientId: f.ids.demo, role: 'ANALYST', teamTags: [] });
    const globalToken = await f.t.login(globalLead.email!);
    const all = await listIds(`?project_id=${w.projectId}`, globalToken);
    expect(all).toHaveLength(6);
    expect(all).toContain(mayaGeneral);
  });
});

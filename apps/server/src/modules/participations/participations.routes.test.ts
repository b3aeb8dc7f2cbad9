import { and, count, eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications, participations, pointsLedger, teamMembers, teams } from '../../db/schema/index.ts';
import { ACME_HOST, buildTestApp, DEMO_HOST, type TestApp } from '../../test/build-test-app.ts';
import { expectSessionRequired } from '../../test/expectations.ts';
import {
  clientIds,
  createCreative,
  createUser,
  headersFor,
  ledgerOf,
  uploadFile,
  userByEmail,
} from '../../test/factories.ts';

let t: TestApp;
let ids: { demo: string; acme: string };
let adminToken: string;
let leadToken: string;
let memberToken: string;
let acmeAdminToken: string;
let salesTeamId: string;
let marketingTeamId: string;
beforeAll(async () => {
  t = await buildTestApp();
  ids = await clientIds(t.ctx.db);
  [adminToken, leadToken, memberToken, acmeAdminToken] = await Promise.all([
    t.login('admin@demo.test'),
    t.login('lead@demo.test'),
    t.login('member@demo.test'),
    t.login('admin@acme.test'),
  ]);
  const rows = await t.ctx.db.select().from(teams).where(eq(teams.clientId, ids.demo));
  salesTeamId = rows.find((r) => r.name === 'Sales')!.id;
  marketingTeamId = rows.find((r) => r.name === 'Marketing')!.id;
});
afterAll(() => t.close());

const DAY = 86_400_000;
const UNKNOWN_ID = '0190a0a0-0000-7000-8000-000000000000';
const FORBIDDEN = { message: 'You are not allowed to review participation' };

type Method = 'GET' | 'POST';
const send = (method: Method, url: string, token: string, payload?: object, host = DEMO_HOST) =>
  t.app.inject({
    method,
    url,
    headers: headersFor(token, host),
    ...(payload === undefined ? {} : { payload }),
  } as InjectOptions);
const participationRow = async (id: string) =>
  (await t.ctx.db.select().from(participations).where(eq(participations.id, id)))[0]!;
// Notifications are written by the durable `notify` job: run the due jobs before looking.
const notificationsOf = async (userId: string, kind: string) => {
  await t.ctx.jobs.drain();
  return t.ctx.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.kind, kind)));
};
const ledgerCount = async () => (await t.ctx.db.select({ n: count() }).from(pointsLedger))[0]!.n;
const notificationCount = async () => {
  await t.ctx.jobs.drain();
  return (await t.ctx.db.select({ n: count() }).from(notifications))[0]!.n;
};

interface Person {
  id: string;
  token: string;
  name: string;
}
/** A fresh member of Demo in a team (Sales: the lead's team; Marketing: member@demo.test's). */
async function person(team: 'Sales' | 'Marketing' | null, firstName = 'Sam'): Promise<Person> {
  const user = await createUser(t.ctx.db, { clientId: ids.demo, firstName, lastName: team ?? 'Solo' });
  if (team) {
    await t.ctx.db.insert(teamMembers).values({
      clientId: ids.demo,
      teamId: team === 'Sales' ? salesTeamId : marketingTeamId,
      userId: user.id,
    });
  }
  return { id: user.id, token: await t.login(user.email!), name: `${firstName} ${team ?? 'Solo'}` };
}

interface World {
  projectId: string;
  social: string;
  general: string;
  submission: string;
  training: string;
}
/** A running project of Demo with one activity of each type, all made through the admin API. */
async function world(token = adminToken, host = DEMO_HOST, clientId = ids.demo): Promise<World> {
  const project = await send(
    'POST',
    '/api/admin/projects',
    token,
    { name: 'Launch', starts_at: new Date(Date.now() - DAY).toISOString() },
    host,
  );
  expect(project.statusCode).toBe(201);
  const projectId = project.json().project.id as string;
  const creative = await createCreative(t.ctx.db, { clientId });
  const bodies = {
    social: {
      title: 'Share it',
      points: 3,
      config: { type: 'social_post', template_id: null, creative_ids: [creative.id] },
    },
    general: {
      title: 'Say something',
      points: 5,
      config: { type: 'general_participation', prompt: 'Why?', response: 'text' },
    },
    submission: {
      title: 'Show it',
      points: 20,
      config: { type: 'content_submission', prompt: 'A photo', media: 'image' },
    },
    training: { title: 'Learn it', points: 7, config: { type: 'training', body: 'Read this.' } },
  };
  const made: Record<string, string> = {};
  for (const [key, body] of Object.entries(bodies)) {
    const res = await send('POST', `/api/admin/projects/${projectId}/activities`, token, body, host);
    expect(res.statusCode, res.body).toBe(201);
    made[key] = res.json().activity.id;
  }
  return { projectId, ...(made as Omit<World, 'projectId'>) };
}

/** The member joins the project through the member API. */
async function join(p: { token: string }, projectId: string, host = DEMO_HOST) {
  const res = await send('POST', `/api/projects/${projectId}/join`, p.token, undefined, host);
  expect(res.statusCode, res.body).toBe(200);
}
/** Takes part through the member API; answers the participation's id. */
async function participate(p: { token: string }, activityId: string, body: object, host = DEMO_HOST) {
  const res = await send('POST', `/api/activities/${activityId}/participation`, p.token, body, host);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().activity.participation.id as string;
}
/** A Brand Content submission with a photo uploaded through POST /api/upload. */
async function submit(p: { token: string }, activityId: string, caption = 'Here it is', host = DEMO_HOST) {
  const objectId = host === DEMO_HOST ? ids.demo : ids.acme;
  const photo = await uploadFile(t.app, p.token, { type: 'submission', objectId, host });
  return participate(p, activityId, { type: 'content_submission', caption, media_urls: [photo] }, host);
}
/** A tracked share of the post, completed with the post's URL. */
async function share(p: { token: string }, activityId: string) {
  const created = await send('POST', `/api/activities/${activityId}/shares`, p.token, {
    channel: 'twitter',
    text: 'Big launch today',
  });
  expect(created.statusCode, created.body).toBe(200);
  const done = await send('POST', `/api/shares/${created.json().share.id}/complete`, p.token, {
    post_url: 'https://twitter.com/sam/status/1',
  });
  expect(done.statusCode, done.body).toBe(200);
  return done.json().activity.participation.id as string;
}

/** Every participation of a project in one world: answers the ids newest first. */
async function busyWorld() {
  const w = await world();
  const ann = await person('Sales', 'Ann');
  const bob = await person('Marketing', 'Bob');
  for (const p of [ann, bob]) await join(p, w.projectId);
  const made = {
    annShare: await share(ann, w.social),
    annGeneral: await participate(ann, w.general, { type: 'general_participation', text: 'Because' }),
    bobSubmission: await submit(bob, w.submission),
    annSubmission: await submit(ann, w.submission),
    bobTraining: await participate(bob, w.training, { type: 'training' }),
  };
  return { w, ann, bob, made };
}

/** Acme's own participation: a Brand Content submission by member@acme.test, made on Acme's host. */
async function acmeSubmission() {
  const w = await world(acmeAdminToken, ACME_HOST, ids.acme);
  const acmeMember = { token: await t.login('member@acme.test') };
  await join(acmeMember, w.projectId, ACME_HOST);
  const id = await submit(acmeMember, w.submission, 'Acme photo', ACME_HOST);
  return { w, id };
}

type Listed = {
  id: string;
  status: string;
  activity: { type: string };
  user: { id: string };
};
const list = async (query: string, token = adminToken) => {
  const res = await send('GET', `/api/admin/participations${query}`, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { participations: Listed[]; next_cursor: string | null };
};
const listIds = async (query: string, token = adminToken) =>
  (await list(query, token)).participations.map((p) => p.id);

describe('GET /api/admin/participations', () => {
  it('answers 401 without a valid session of this client', async () => {
    await expectSessionRequired(t, { url: '/api/admin/participations' });
  });

  it('answers 403 to a member', async () => {
    const res = await send('GET', '/api/admin/participations', memberToken);
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
      const res = await send('GET', `/api/admin/participations?${query}`, adminToken);
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
    const own = await send(
      'GET',
      `/api/admin/participations?project_id=${acme.w.projectId}`,
      acmeAdminToken,
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

    await send('POST', `/api/admin/participations/${made.bobSubmission}/review`, adminToken, {
      decision: 'approve',
    });
    await send('POST', `/api/admin/participations/${made.annSubmission}/review`, adminToken, {
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
    const member = await userByEmail(t.ctx.db, 'member@demo.test');
    await join({ token: memberToken }, w.projectId);
    const mayaGeneral = await participate({ token: memberToken }, w.general, {
      type: 'general_participation',
      text: 'Love it',
    });

    const leadSees = await list(`?project_id=${w.projectId}`, leadToken);
    expect(leadSees.participations.map((p) => p.id)).toEqual([
      made.annSubmission,
      made.annGeneral,
      made.annShare,
    ]);
    expect(new Set(leadSees.participations.map((p) => p.user.id))).toEqual(new Set([ann.id]));
    expect(leadSees.participations.map((p) => p.user.id)).not.toContain(member.id);

    const globalLead = await createUser(t.ctx.db, { clientId: ids.demo, role: 'ANALYST', teamTags: [] });
    const globalToken = await t.login(globalLead.email!);
    const all = await listIds(`?project_id=${w.projectId}`, globalToken);
    expect(all).toHaveLength(6);
    expect(all).toContain(mayaGeneral);
  });
});

/** Parses CSV (RFC 4180: quoted fields, doubled quotes, CRLF rows). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i++;
    } else field += c;
  }
  if (field !== '' || row.length > 0) rows.push([...row, field]);
  return rows;
}
const CSV_HEADER =
  'id,created_at,status,type,project,activity,points,member,email,channel,post_url,clicks,response,reject_reason,reviewed_at';

describe('GET /api/admin/participations.csv', () => {
  it('answers 401 without a valid session of this client', async () => {
    await expectSessionRequired(t, { url: '/api/admin/participations.csv' });
  });

  it('answers 403 to a member', async () => {
    const res = await send('GET', '/api/admin/participations.csv', memberToken);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual(FORBIDDEN);
  });

  it('answers 400 for a bad filter', async () => {
    for (const query of ['status=open', 'type=story', 'project_id=launch']) {
      const res = await send('GET', `/api/admin/participations.csv?${query}`, adminToken);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().code).toBe('invalid_input');
    }
  });

  it("never exports another client's participations", async () => {
    const acme = await acmeSubmission();
    const res = await send('GET', `/api/admin/participations.csv?project_id=${acme.w.projectId}`, adminToken);
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(`${CSV_HEADER}\r\n`);
    expect((await send('GET', '/api/admin/participations.csv', adminToken)).body).not.toContain(acme.id);
  });

  it('exports a header row and one row per participation, as a dated CSV attachment', async () => {
    const { w, made } = await busyWorld();
    await send('POST', `/api/admin/participations/${made.annSubmission}/review`, adminToken, {
      decision: 'reject',
      reason: 'Too dark, "retake"',
    });
    const res = await send('GET', `/api/admin/participations.csv?project_id=${w.projectId}`, adminToken);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    const today = new Date().toISOString().slice(0, 10);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="participation-${today}.csv"`);
    expect(res.body.startsWith(`${CSV_HEADER}\r\n`)).toBe(true);
    const rows = parseCsv(res.body);
    expect(rows[0]!.join(',')).toBe(CSV_HEADER);
    expect(rows.slice(1).map((r) => r[0])).toEqual([
      made.bobTraining,
      made.annSubmission,
      made.bobSubmission,
      made.annGeneral,
      made.annShare,
    ]);
    for (const r of rows) expect(r).toHaveLength(15);
    const byId = Object.fromEntries(rows.slice(1).map((r) => [r[0], r]));
    expect(byId[made.annShare]!.slice(2)).toEqual([
      'completed',
      'social_post',
      'Launch',
      'Share it',
      '3',
      'Ann Sales',
      expect.stringContaining('@example.test'),
      'twitter',
      'https://twitter.com/sam/status/1',
      '0',
      // The response of a share is the text the member shared.
      'Big launch today',
      '',
      '',
    ]);
    expect(byId[made.annSubmission]!.slice(2, 4)).toEqual(['rejected', 'content_submission']);
    expect(byId[made.annSubmission]![12]).toBe('Here it is');
    expect(byId[made.annSubmission]![13]).toBe('Too dark, "retake"');
    expect(byId[made.annSubmission]![14]).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(byId[made.annGeneral]![12]).toBe('Because');
  });

  it('quotes captions with commas, quotes and newlines, and defuses formulas with a leading quote', async () => {
    const w = await world();
    const p = await person(null);
    await join(p, w.projectId);
    const formula = await participate(p, w.general, {
      type: 'general_participation',
      text: '=HYPERLINK("http://evil.test","Click me")',
    });
    const q = await person(null);
    await join(q, w.projectId);
    const multi = await submit(q, w.submission, 'Line one, with "quotes"\nline two');
    const res = await send('GET', `/api/admin/participations.csv?project_id=${w.projectId}`, adminToken);
    expect(res.body).toContain(`"'=HYPERLINK(""http://evil.test"",""Click me"")"`);
    const rows = parseCsv(res.body);
    const byId = Object.fromEntries(rows.slice(1).map((r) => [r[0], r]));
    expect(byId[formula]![12]).toBe(`'=HYPERLINK("http://evil.test","Click me")`);
    expect(byId[multi]![12]).toBe('Line one, with "quotes"\nline two');
    expect(rows).toHaveLength(3);
  });

  it("exports only a team lead's teams, and follows the status and type filters", async () => {
    const { w, made } = await busyWorld();
    const lead = parseCsv(
      (await send('GET', `/api/admin/participations.csv?project_id=${w.projectId}`, leadToken)).body,
    );
    expect(lead.slice(1).map((r) => r[0])).toEqual([made.annSubmission, made.annGeneral, made.annShare]);
    const pending = parseCsv(
      (
        await send(
          'GET',
          `/api/admin/participations.csv?project_id=${w.projectId}&status=pending&type=content_submission`,
          adminToken,
        )
      ).body,
    );
    expect(pending.slice(1).map((r) => r[0])).toEqual([made.annSubmission, made.bobSubmission]);
  });
});

describe('POST /api/admin/participations/{id}/review', () => {
  /** A pending Brand Content submission of a fresh member of the team. */
  async function pendingSubmission(team: 'Sales' | 'Marketing' | null = 'Sales') {
    const w = await world();
    const p = await person(team);
    await join(p, w.projectId);
    const id = await submit(p, w.submission);
    return { w, p, id };
  }
  const review = (id: string, body: object, token = adminToken) =>
    send('POST', `/api/admin/participations/${id}/review`, token, body);
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
    await expectSessionRequired(t, {
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
    const res = await review(id, { decision: 'approve' }, memberToken);
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
    const res = await review(marketing.id, { decision: 'approve' }, leadToken);
    expect(res.statusCode).toBe(404);
    await expectUnchanged(marketing.id, before, c);

    // member@demo.test (Marketing) is out of the lead's reach too.
    const w = await world();
    await join({ token: memberToken }, w.projectId);
    const maya = await submit({ token: memberToken }, w.submission);
    expect((await review(maya, { decision: 'reject', reason: 'No' }, leadToken)).statusCode).toBe(404);
    expect((await participationRow(maya)).status).toBe('pending');

    const sales = await pendingSubmission('Sales');
    const ok = await review(sales.id, { decision: 'approve' }, leadToken);
    expect(ok.statusCode).toBe(200);
    const lead = await userByEmail(t.ctx.db, 'lead@demo.test');
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
    const admin = await userByEmail(t.ctx.db, 'admin@demo.test');
    expect(await participationRow(id)).toMatchObject({
      status: 'approved',
      isComplete: true,
      reviewedBy: admin.id,
    });
    const ledger = await ledgerOf(t.ctx.db, p.id);
    expect(ledger).toEqual([
      expect.objectContaining({ points: 20, source: `participation:${id}`, clientId: ids.demo }),
    ]);
    const [note, ...more] = await notificationsOf(p.id, 'participation_approved');
    expect(more).toEqual([]);
    expect(note).toMatchObject({
      clientId: ids.demo,
      title: 'Your submission to “Show it” was approved',
      body: 'You earned 20 points.',
      link: `/projects/${w.projectId}/activities/${w.submission}`,
    });
    const inbox = await send('GET', '/api/notifications', p.token);
    expect(JSON.stringify(inbox.json())).toContain(`/projects/${w.projectId}/activities/${w.submission}`);
    const seen = await send('GET', `/api/activities/${w.submission}`, p.token);
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
    expect(await ledgerOf(t.ctx.db, p.id)).toHaveLength(1);
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
    expect(await ledgerOf(t.ctx.db, p.id)).toEqual([]);
    expect(await notificationsOf(p.id, 'participation_rejected')).toEqual([
      expect.objectContaining({
        body: 'The product is not visible',
        link: `/projects/${w.projectId}/activities/${w.submission}`,
      }),
    ]);
    const again = await review(id, { decision: 'approve' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This submission was already rejected');
    const seen = await send('GET', `/api/activities/${w.submission}`, p.token);
    expect(seen.json().activity).toMatchObject({
      status: 'rejected',
      participation: { reject_reason: 'The product is not visible' },
    });

    const resubmitted = await submit(p, w.submission, 'Better light this time');
    expect(resubmitted).toBe(id);
    expect(await participationRow(id)).toMatchObject({ status: 'pending', rejectReason: null });
    expect((await review(id, { decision: 'approve' })).statusCode).toBe(200);
    expect((await ledgerOf(t.ctx.db, p.id)).map((r) => r.points)).toEqual([20]);
  });

  it('lets only one of two simultaneous reviews through', async () => {
    const { p, id } = await pendingSubmission();
    const [a, b] = await Promise.all([
      review(id, { decision: 'approve' }),
      review(id, { decision: 'reject', reason: 'Blurry' }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const row = await participationRow(id);
    const ledger = await ledgerOf(t.ctx.db, p.id);
    expect(ledger).toHaveLength(row.status === 'approved' ? 1 : 0);
    const notes = [
      ...(await notificationsOf(p.id, 'participation_approved')),
      ...(await notificationsOf(p.id, 'participation_rejected')),
    ];
    expect(notes).toHaveLength(1);
  });
});

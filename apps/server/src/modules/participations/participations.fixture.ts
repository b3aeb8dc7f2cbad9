import { and, count, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { notifications, participations, pointsLedger, teamMembers } from '../../db/schema/index.ts';
import type { AdminFixture } from '../../test/admin-fixture.ts';
import { ACME_HOST, DEMO_HOST } from '../../test/build-test-app.ts';
import { createCreative, createUser, uploadFile } from '../../test/factories.ts';

export const DAY = 86_400_000;
export const UNKNOWN_ID = '0190a0a0-0000-7000-8000-000000000000';
export const FORBIDDEN = { message: 'You are not allowed to review participation' };

// Notifications are written by the durable `notify` job: run the due jobs before looking.
export interface Person {
  id: string;
  token: string;
  name: string;
}
/** A fresh member of Demo in a team (Sales: the lead's team; Marketing: member@demo.test's). */
export interface World {
  projectId: string;
  social: string;
  general: string;
  submission: string;
  training: string;
}
/** A running project of Demo with one activity of each type, all made through the admin API. */
/** The member joins the project through the member API. */
/** Takes part through the member API; answers the participation's id. */
/** A Brand Content submission with a photo uploaded through POST /api/upload. */
/** A tracked share of the post, completed with the post's URL. */
export type Listed = {
  id: string;
  status: string;
  activity: { type: string };
  user: { id: string };
};

/** Helpers of the participation review API tests, bound to the file's fixture. */
export function participationsHelpers(f: AdminFixture) {
  const participationRow = async (id: string) =>
    (await f.t.ctx.db.select().from(participations).where(eq(participations.id, id)))[0]!;
  const notificationsOf = async (userId: string, kind: string) => {
    await f.t.ctx.jobs.drain();
    return f.t.ctx.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, userId), eq(notifications.kind, kind)));
  };
  const ledgerCount = async () => (await f.t.ctx.db.select({ n: count() }).from(pointsLedger))[0]!.n;
  const notificationCount = async () => {
    await f.t.ctx.jobs.drain();
    return (await f.t.ctx.db.select({ n: count() }).from(notifications))[0]!.n;
  };

  async function person(team: 'Sales' | 'Marketing' | null, firstName = 'Sam'): Promise<Person> {
    const user = await createUser(f.t.ctx.db, { clientId: f.ids.demo, firstName, lastName: team ?? 'Solo' });
    if (team) {
      await f.t.ctx.db.insert(teamMembers).values({
        clientId: f.ids.demo,
        teamId: (team === 'Sales' ? f.team.Sales : f.team.Marketing)!,
        userId: user.id,
      });
    }
    return { id: user.id, token: await f.t.login(user.email!), name: `${firstName} ${team ?? 'Solo'}` };
  }

  async function world(token = f.tokens.admin, host = DEMO_HOST, clientId = f.ids.demo): Promise<World> {
    const project = await f.send(
      'POST',
      '/api/admin/projects',
      token,
      { name: 'Launch', starts_at: new Date(Date.now() - DAY).toISOString() },
      host,
    );
    expect(project.statusCode).toBe(201);
    const projectId = project.json().project.id as string;
    const creative = await createCreative(f.t.ctx.db, { clientId });
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
      const res = await f.send('POST', `/api/admin/projects/${projectId}/activities`, token, body, host);
      expect(res.statusCode, res.body).toBe(201);
      made[key] = res.json().activity.id;
    }
    return { projectId, ...(made as Omit<World, 'projectId'>) };
  }

  async function join(p: { token: string }, projectId: string, host = DEMO_HOST) {
    const res = await f.send('POST', `/api/projects/${projectId}/join`, p.token, undefined, host);
    expect(res.statusCode, res.body).toBe(200);
  }
  async function participate(p: { token: string }, activityId: string, body: object, host = DEMO_HOST) {
    const res = await f.send('POST', `/api/activities/${activityId}/participation`, p.token, body, host);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().activity.participation.id as string;
  }
  async function submit(p: { token: string }, activityId: string, caption = 'Here it is', host = DEMO_HOST) {
    const objectId = host === DEMO_HOST ? f.ids.demo : f.ids.acme;
    const photo = await uploadFile(f.t.app, p.token, { type: 'submission', objectId, host });
    return participate(p, activityId, { type: 'content_submission', caption, media_urls: [photo] }, host);
  }
  async function share(p: { token: string }, activityId: string) {
    const created = await f.send('POST', `/api/activities/${activityId}/shares`, p.token, {
      channel: 'twitter',
      text: 'Big launch today',
    });
    expect(created.statusCode, created.body).toBe(200);
    const done = await f.send('POST', `/api/shares/${created.json().share.id}/complete`, p.token, {
      post_url: 'https://twitter.com/sam/status/1',
    });
    expect(done.statusCode, done.body).toBe(200);
    return done.json().activity.participation.id as string;
  }

  async function acmeSubmission() {
    const w = await world(f.tokens.acmeAdmin, ACME_HOST, f.ids.acme);
    const acmeMember = { token: await f.t.login('member@acme.test') };
    await join(acmeMember, w.projectId, ACME_HOST);
    const id = await submit(acmeMember, w.submission, 'Acme photo', ACME_HOST);
    return { w, id };
  }

  const list = async (query: string, token = f.tokens.admin) => {
    const res = await f.send('GET', `/api/admin/participations${query}`, token);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { participations: Listed[]; next_cursor: string | null };
  };
  const listIds = async (query: string, token = f.tokens.admin) =>
    (await list(query, token)).participations.map((p) => p.id);

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

  return {
    busyWorld,
    participationRow,
    notificationsOf,
    ledgerCount,
    notificationCount,
    person,
    world,
    join,
    participate,
    submit,
    share,
    acmeSubmission,
    list,
    listIds,
  };
}

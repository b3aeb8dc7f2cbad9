import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { participations } from '../../db/schema/index.ts';
import { invalidForPatch, useAdminFixture } from '../../test/admin-fixture.ts';
import { expectSessionRequired } from '../../test/expectations.ts';
import { createCreative, createTemplate, createUser, ledgerOf } from '../../test/factories.ts';
import { adminActivitiesHelpers } from './admin-activities.fixture.ts';
import { inDays, UNKNOWN_ID } from './admin-projects.fixture.ts';

const f = useAdminFixture();
const {
  activityRow,
  expectAdminOnly,
  demoProject,
  generalBody,
  submissionBody,
  trainingBody,
  socialBody,
  acmeActivity,
  invalidActivityBodies,
} = adminActivitiesHelpers(f);

describe('PATCH /api/admin/activities/{id}', () => {
  /** A Brand Content activity in a fresh project. */
  async function submissionActivity() {
    const projectId = await demoProject();
    const res = await f.send(
      'POST',
      `/api/admin/projects/${projectId}/activities`,
      f.tokens.admin,
      submissionBody(),
    );
    return { projectId, id: res.json().activity.id as string };
  }

  it('answers 401 without a valid session of this client', async () => {
    const { id } = await submissionActivity();
    await expectSessionRequired(f.t, {
      method: 'PATCH',
      url: `/api/admin/activities/${id}`,
      payload: submissionBody(),
    });
  });

  it('answers 403 to a member and to a team lead, and changes nothing', async () => {
    const { id } = await submissionActivity();
    const before = await activityRow(id);
    await expectAdminOnly('PATCH', `/api/admin/activities/${id}`, { ...submissionBody(), title: 'Mine now' });
    expect(await activityRow(id)).toEqual(before);
  });

  it('answers 400 naming what is wrong, a change of type included, and changes nothing', async () => {
    const projectId = await demoProject();
    const ofType = {
      social_post: socialBody({
        creative_ids: [(await createCreative(f.t.ctx.db, { clientId: f.ids.demo })).id],
      }),
      general_participation: generalBody(),
      content_submission: submissionBody(),
      training: trainingBody(),
    };
    const made: Record<string, string> = {};
    for (const [type, body] of Object.entries(ofType)) {
      const res = await f.send('POST', `/api/admin/projects/${projectId}/activities`, f.tokens.admin, body);
      expect(res.statusCode, type).toBe(201);
      made[type] = res.json().activity.id;
    }
    const before = await Promise.all(Object.values(made).map(activityRow));
    for (const [type, id] of Object.entries(made)) {
      for (const [other, body] of Object.entries(ofType)) {
        if (other === type) continue;
        const res = await f.send('PATCH', `/api/admin/activities/${id}`, f.tokens.admin, body);
        expect(res.statusCode, `${type} → ${other}`).toBe(400);
        expect(res.json().message).toBe(`config.type must stay ${type}: an activity's type cannot change`);
      }
    }
    for (const [label, body, message] of invalidForPatch(await invalidActivityBodies())) {
      const config = (body as { config?: { type?: string } }).config;
      const id = made[config?.type ?? 'content_submission'] ?? made.content_submission!;
      const res = await f.send('PATCH', `/api/admin/activities/${id}`, f.tokens.admin, body);
      expect(res.statusCode, label).toBe(400);
      expect(res.json().message, label).toMatch(message);
    }
    const badId = await f.send('PATCH', '/api/admin/activities/42', f.tokens.admin, submissionBody());
    expect(badId.json()).toEqual({ message: 'id must be an activity id', code: 'invalid_input' });
    expect(await Promise.all(Object.values(made).map(activityRow))).toEqual(before);
  });

  it("answers 404 for another client's activity, an archived or an unknown one, and changes nothing", async () => {
    const foreign = await acmeActivity();
    const foreignBefore = await activityRow(foreign);
    const { id: archived } = await submissionActivity();
    await f.send('DELETE', `/api/admin/activities/${archived}`, f.tokens.admin);
    const archivedBefore = await activityRow(archived);
    for (const id of [foreign, archived, UNKNOWN_ID]) {
      const res = await f.send('PATCH', `/api/admin/activities/${id}`, f.tokens.admin, {
        ...submissionBody(),
        title: 'Edited',
      });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'Activity not found' });
    }
    expect(await activityRow(foreign)).toEqual(foreignBefore);
    expect(await activityRow(archived)).toEqual(archivedBefore);
  });

  it('replaces the content, points and dates; members see the new version', async () => {
    const { projectId, id } = await submissionActivity();
    const starts = inDays(-1);
    const due = inDays(4);
    const res = await f.send('PATCH', `/api/admin/activities/${id}`, f.tokens.admin, {
      title: 'Show the new product',
      description: 'Any format',
      points: 30,
      starts_at: starts,
      due_at: due,
      config: { type: 'content_submission', prompt: 'A video or a photo', media: 'any' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().activity).toMatchObject({
      id,
      project_id: projectId,
      title: 'Show the new product',
      description: 'Any format',
      points: 30,
      starts_at: starts,
      due_at: due,
      config: { type: 'content_submission', prompt: 'A video or a photo', media: 'any' },
    });
    expect(await activityRow(id)).toMatchObject({
      title: 'Show the new product',
      points: 30,
      dueAt: new Date(due),
    });
    await f.send('POST', `/api/projects/${projectId}/join`, f.tokens.member);
    const seen = await f.send('GET', `/api/activities/${id}`, f.tokens.member);
    expect(seen.json().activity).toMatchObject({
      title: 'Show the new product',
      points: 30,
      content: { prompt: 'A video or a photo', media: 'any' },
    });
  });

  it('lets a post that uses a template archived since then be edited without choosing another', async () => {
    const projectId = await demoProject();
    const template = await createTemplate(f.t.ctx.db, { clientId: f.ids.demo });
    const creative = await createCreative(f.t.ctx.db, { clientId: f.ids.demo });
    const body = socialBody({ template_id: template.id, creative_ids: [creative.id] });
    const created = await f.send('POST', `/api/admin/projects/${projectId}/activities`, f.tokens.admin, body);
    const { id } = created.json().activity;
    expect(
      (await f.send('DELETE', `/api/admin/library/templates/${template.id}`, f.tokens.admin)).statusCode,
    ).toBe(200);
    expect(
      (await f.send('DELETE', `/api/admin/library/creatives/${creative.id}`, f.tokens.admin)).statusCode,
    ).toBe(200);

    const res = await f.send('PATCH', `/api/admin/activities/${id}`, f.tokens.admin, {
      ...body,
      title: 'Renamed',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().activity).toMatchObject({
      title: 'Renamed',
      config: { template_id: template.id, creative_ids: [creative.id] },
    });
    // Another archived template is still refused.
    const other = await createTemplate(f.t.ctx.db, { clientId: f.ids.demo, archivedAt: new Date() });
    const swap = await f.send(
      'PATCH',
      `/api/admin/activities/${id}`,
      f.tokens.admin,
      socialBody({ template_id: other.id }),
    );
    expect(swap.statusCode).toBe(400);
  });
});

describe('DELETE /api/admin/activities/{id}', () => {
  async function activityWithWork() {
    const projectId = await demoProject();
    const res = await f.send(
      'POST',
      `/api/admin/projects/${projectId}/activities`,
      f.tokens.admin,
      generalBody(),
    );
    const id = res.json().activity.id as string;
    const user = await createUser(f.t.ctx.db, { clientId: f.ids.demo });
    const token = await f.t.login(user.email!);
    await f.send('POST', `/api/projects/${projectId}/join`, token);
    const answer = await f.send('POST', `/api/activities/${id}/participation`, token, {
      type: 'general_participation',
      choice: 'Red',
    });
    expect(answer.statusCode).toBe(200);
    return { projectId, id, user, token };
  }

  it('answers 401 without a valid session of this client', async () => {
    const { id } = await activityWithWork();
    await expectSessionRequired(f.t, { method: 'DELETE', url: `/api/admin/activities/${id}` });
    expect((await activityRow(id)).archivedAt).toBeNull();
  });

  it('answers 403 to a member and to a team lead, and archives nothing', async () => {
    const { id } = await activityWithWork();
    await expectAdminOnly('DELETE', `/api/admin/activities/${id}`);
    expect((await activityRow(id)).archivedAt).toBeNull();
  });

  it('answers 400 for an id that is not an activity id', async () => {
    const res = await f.send('DELETE', '/api/admin/activities/first', f.tokens.admin);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'id must be an activity id', code: 'invalid_input' });
  });

  it("answers 404 for another client's activity or an unknown one, and archives nothing", async () => {
    const foreign = await acmeActivity();
    for (const id of [foreign, UNKNOWN_ID]) {
      const res = await f.send('DELETE', `/api/admin/activities/${id}`, f.tokens.admin);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'Activity not found' });
    }
    expect((await activityRow(foreign)).archivedAt).toBeNull();
  });

  it("archives the activity: gone for members and admins, the members' participations and points kept", async () => {
    const { projectId, id, user, token } = await activityWithWork();
    const res = await f.send('DELETE', `/api/admin/activities/${id}`, f.tokens.admin);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    expect((await activityRow(id)).archivedAt).toBeInstanceOf(Date);

    expect((await f.send('GET', `/api/activities/${id}`, token)).statusCode).toBe(404);
    const project = (await f.send('GET', `/api/projects/${projectId}`, token)).json().project;
    expect(project.activities).toEqual([]);
    const admin = (await f.send('GET', `/api/admin/projects/${projectId}`, f.tokens.admin)).json().project;
    expect(admin).toMatchObject({ activity_count: 0, activities: [] });

    const kept = await f.t.ctx.db.select().from(participations).where(eq(participations.activityId, id));
    expect(kept).toHaveLength(1);
    expect((await ledgerOf(f.t.ctx.db, user.id)).map((r) => r.points)).toEqual([5]);

    const again = await f.send('DELETE', `/api/admin/activities/${id}`, f.tokens.admin);
    expect(again.statusCode).toBe(404);
  });
});

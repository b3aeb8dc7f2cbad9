import { describe, expect, it } from 'vitest';
import { useAdminFixture } from '../../test/admin-fixture.ts';
import { createTemplate } from '../../test/factories.ts';
import { adminActivitiesHelpers } from './admin-activities.fixture.ts';
import { adminProjectsHelpers, inDays } from './admin-projects.fixture.ts';

// PATCH is partial everywhere: a field the request leaves out stays as it is. (Found by probing: a PATCH of a
// project's name alone reset its audience to open, making a team-only project visible to everyone.)

const f = useAdminFixture();
const { adminProject, projectRow } = adminProjectsHelpers(f);
const { demoProject, submissionBody, activityRow } = adminActivitiesHelpers(f);

describe('PATCH /api/admin/projects/{id} is partial', () => {
  it('changes only the name, keeping audience, teams, description, cover and dates', async () => {
    const starts = inDays(2);
    const ends = inDays(9);
    const project = await adminProject({
      name: 'Sales only',
      description: 'For the sales team',
      audience: 'teams',
      audience_team_ids: [f.team.Sales],
      starts_at: starts,
      ends_at: ends,
    });
    const before = await projectRow(project.id);
    const res = await f.send('PATCH', `/api/admin/projects/${project.id}`, f.tokens.admin, {
      name: 'Renamed',
    });
    expect(res.statusCode, res.body).toBe(200);
    const after = await projectRow(project.id);
    expect(after).toEqual({ ...before, name: 'Renamed', updatedAt: after.updatedAt });
    expect(res.json().project).toMatchObject({
      name: 'Renamed',
      description: 'For the sales team',
      audience: 'teams',
      audience_team_ids: [f.team.Sales],
      starts_at: starts,
      ends_at: ends,
    });
  });

  it('checks a new end against the kept start, and a kept team audience keeps needing its teams', async () => {
    const project = await adminProject({
      starts_at: inDays(5),
      audience: 'teams',
      audience_team_ids: [f.team.Sales],
    });
    const before = await projectRow(project.id);
    const early = await f.send('PATCH', `/api/admin/projects/${project.id}`, f.tokens.admin, {
      ends_at: inDays(1),
    });
    expect(early.statusCode).toBe(400);
    expect(early.json().message).toBe('End must be after the start');
    const noTeams = await f.send('PATCH', `/api/admin/projects/${project.id}`, f.tokens.admin, {
      audience_team_ids: [],
    });
    expect(noTeams.statusCode).toBe(400);
    expect(noTeams.json().message).toBe('Choose at least one Team for a Team audience');
    expect(await projectRow(project.id)).toEqual(before);
  });

  it('clears a field only when the request sends null for it', async () => {
    const project = await adminProject({ description: 'Soon gone', starts_at: inDays(1) });
    const res = await f.send('PATCH', `/api/admin/projects/${project.id}`, f.tokens.admin, {
      description: null,
    });
    expect(res.statusCode).toBe(200);
    const row = await projectRow(project.id);
    expect(row.description).toBeNull();
    expect(row.startsAt).not.toBeNull();
  });
});

describe('PATCH /api/admin/activities/{id} is partial', () => {
  it('changes only the title, keeping points, dates and the whole config', async () => {
    const projectId = await demoProject();
    const due = inDays(6);
    const made = await f.send('POST', `/api/admin/projects/${projectId}/activities`, f.tokens.admin, {
      ...submissionBody(),
      points: 40,
      due_at: due,
    });
    expect(made.statusCode, made.body).toBe(201);
    const id = made.json().activity.id as string;
    const before = await activityRow(id);
    const res = await f.send('PATCH', `/api/admin/activities/${id}`, f.tokens.admin, {
      title: 'Just a new title',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await activityRow(id)).toEqual({ ...before, title: 'Just a new title' });
  });
});

describe('PATCH /api/admin/library/{templates,creatives}/{id} is partial', () => {
  it('renaming a template keeps its text, placeholders and tags', async () => {
    const template = await createTemplate(f.t.ctx.db, {
      clientId: f.ids.demo,
      body: 'Hello [[city]]!',
      placeholders: [{ id: 'city', name: 'City', value: 'Paris' }],
      tags: ['launch'],
    });
    const res = await f.send('PATCH', `/api/admin/library/templates/${template.id}`, f.tokens.admin, {
      name: 'Renamed template',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().template).toMatchObject({
      name: 'Renamed template',
      body: 'Hello [[city]]!',
      placeholders: [{ id: 'city', name: 'City', value: 'Paris' }],
      tags: ['launch'],
    });
    const wrong = await f.send('PATCH', `/api/admin/library/templates/${template.id}`, f.tokens.admin, {
      body: 'Now with [[unknown]]',
    });
    expect(wrong.statusCode).toBe(400);
  });
});

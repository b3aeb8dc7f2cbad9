import type { AdminProject } from '@rally/shared';
import { describe, expect, it } from 'vitest';
import { createProjectFormSchema, toProjectFormValues, toProjectRequest } from './project-form';

const t = (key: string) => key;
const schema = createProjectFormSchema(t);
const project: AdminProject = {
  id: 'p1',
  name: 'Spring launch',
  description: null,
  image_url: '/api/files/x.webp',
  audience: 'teams',
  audience_team_ids: ['t1'],
  starts_at: '2026-03-01T09:00:00Z',
  ends_at: null,
  archived_at: null,
  state: 'active',
  activity_count: 0,
  member_count: 0,
  created_at: '2026-01-01T00:00:00Z',
};

describe('project form', () => {
  it('round-trips a project through the form', () => {
    const request = toProjectRequest(toProjectFormValues(project));
    expect(request).toMatchObject({ name: 'Spring launch', description: null, audience_team_ids: ['t1'] });
    expect(new Date(request.starts_at!).toISOString()).toBe('2026-03-01T09:00:00.000Z');
    expect(request.ends_at).toBeNull();
  });

  it('drops teams unless the audience is teams', () => {
    const values = { ...toProjectFormValues(project), audience: 'open' as const };
    expect(toProjectRequest(values).audience_team_ids).toEqual([]);
  });

  it('asks for a name, a team for a team audience and an end after the start', () => {
    const result = schema.safeParse({
      ...toProjectFormValues(null),
      audience: 'teams',
      starts_at: '2026-03-02T10:00',
      ends_at: '2026-03-01T10:00',
    });
    expect(result.success).toBe(false);
    const paths = result.error?.issues.map((issue) => issue.path.join('.'));
    expect(paths).toEqual(expect.arrayContaining(['name', 'audience_team_ids', 'ends_at']));
  });

  it('accepts a new open project with a name', () => {
    expect(schema.safeParse({ ...toProjectFormValues(null), name: 'Summer' }).success).toBe(true);
  });
});

import type { Project } from '@rally/shared';
import { describe, expect, it } from 'vitest';
import { countPendingTrainings } from './trainings';

function project(id: string, over: Partial<Project>): Project {
  return {
    id,
    name: id,
    description: null,
    image_url: null,
    audience: 'open',
    starts_at: null,
    ends_at: null,
    state: 'active',
    joined: true,
    completed: false,
    activity_types: ['training'],
    activity_count: 2,
    completed_count: 0,
    points: 10,
    pending_trainings: 0,
    context: { training: true },
    abilities: { join: false, leave: true },
    ...over,
  };
}

describe('trainings', () => {
  const projects = [
    project('a', { pending_trainings: 2 }),
    project('b', { pending_trainings: 0, completed: true }),
    project('c', { context: { training: false }, activity_types: ['social_post'] }),
    project('d', { pending_trainings: 1, joined: false }),
    project('e', { pending_trainings: 1, state: 'ended' }),
  ];

  it('counts trainings not completed in joined, running projects', () => {
    expect(countPendingTrainings(projects)).toBe(2);
    expect(countPendingTrainings([])).toBe(0);
  });
});

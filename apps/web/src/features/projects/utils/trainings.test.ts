import type { Project } from '@rally/shared';
import { describe, expect, it } from 'vitest';
import { countPendingTrainings, getTrainings } from './trainings';

function project(id: string, training: boolean, completed: boolean): Project {
  return {
    id,
    name: id,
    description: null,
    image_url: null,
    starts_at: null,
    ends_at: null,
    joined: true,
    completed,
    context: { training },
  };
}

describe('trainings', () => {
  const projects = [project('a', true, false), project('b', true, true), project('c', false, false)];

  it('counts trainings that are not completed', () => {
    expect(countPendingTrainings(projects)).toBe(1);
    expect(countPendingTrainings([])).toBe(0);
  });

  it('lists trainings only', () => {
    expect(getTrainings(projects).map((p) => p.id)).toEqual(['a', 'b']);
  });
});

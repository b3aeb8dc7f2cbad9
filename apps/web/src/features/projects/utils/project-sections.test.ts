import type { Project } from '@rally/shared';
import { describe, expect, it } from 'vitest';
import { getProgressPercent, groupProjects } from './project-sections';

function project(id: string, joined: boolean, canJoin: boolean): Project {
  return {
    id,
    name: id,
    description: null,
    image_url: null,
    audience: 'open',
    starts_at: null,
    ends_at: null,
    state: 'active',
    joined,
    completed: false,
    activity_types: [],
    activity_count: 0,
    completed_count: 0,
    points: 0,
    pending_trainings: 0,
    context: { training: false },
    abilities: { join: canJoin, leave: joined },
  };
}

describe('groupProjects', () => {
  it('separates joined, open to join and past projects in order', () => {
    const sections = groupProjects([
      project('a', true, false),
      project('b', false, true),
      project('c', false, false),
      project('d', true, false),
      project('e', false, true),
    ]);
    expect(sections.joined.map((p) => p.id)).toEqual(['a', 'd']);
    expect(sections.open.map((p) => p.id)).toEqual(['b', 'e']);
    expect(sections.past.map((p) => p.id)).toEqual(['c']);
  });
});

describe('getProgressPercent', () => {
  it('rounds and handles empty projects', () => {
    expect(getProgressPercent({ completed_count: 1, activity_count: 3 })).toBe(33);
    expect(getProgressPercent({ completed_count: 4, activity_count: 4 })).toBe(100);
    expect(getProgressPercent({ completed_count: 0, activity_count: 0 })).toBe(0);
  });
});

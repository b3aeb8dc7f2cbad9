import { type Project, ProjectsResponseSchema } from '@rally/shared';
import { screen } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { buildUser, testId } from '../../../testing/data';
import { answer } from '../../../testing/handlers';
import { renderWithProviders } from '../../../testing/render';
import { server } from '../../../testing/server';
import { ProjectsList } from './projects-list';

const cover = (n: number) =>
  `/api/files/0193a5b2-7c1d-7e4f-8a9b-0c1d2e3f4a${String(n).padStart(2, '0')}.webp`;

function project(n: number, overrides: Partial<Project>): Project {
  return {
    id: testId(300 + n),
    name: `Project ${n}`,
    description: null,
    image_url: cover(n),
    audience: 'open',
    starts_at: null,
    ends_at: null,
    state: 'active',
    joined: false,
    completed: false,
    activity_types: [],
    activity_count: 0,
    completed_count: 0,
    points: 0,
    pending_trainings: 0,
    context: { training: false },
    abilities: { join: true, leave: false },
    ...overrides,
  };
}

/** The cover images in page order (they have empty alt text: the card's name says what it is). */
const covers = (container: HTMLElement) => [...container.querySelectorAll<HTMLImageElement>('img')];

describe('Project covers', () => {
  it('load the first card’s cover at once (in the first section that has cards), the rest lazily', async () => {
    server.use(
      http.get('/api/projects', () =>
        answer(ProjectsResponseSchema, {
          projects: [
            project(1, {}),
            project(2, {}),
            project(3, { state: 'ended', abilities: { join: false, leave: false } }),
          ],
        }),
      ),
    );
    const user = buildUser();
    const { container } = renderWithProviders(<ProjectsList userId={user.id} />, {
      session: user,
      url: '/projects',
    });
    await screen.findByRole('link', { name: 'Project 3' });
    const [first, ...rest] = covers(container);
    expect(first?.getAttribute('src')).toBe(cover(1));
    expect(first?.getAttribute('loading')).toBe('eager');
    expect(first?.getAttribute('fetchpriority')).toBe('high');
    expect(rest).toHaveLength(2);
    for (const img of rest) {
      expect(img.getAttribute('loading')).toBe('lazy');
      expect(img.hasAttribute('fetchpriority')).toBe(false);
    }
    for (const img of [first!, ...rest]) {
      expect(img.getAttribute('srcset')).toContain('-640w.webp 640w');
      expect(img.getAttribute('sizes')).toBe('(min-width: 1024px) 320px, (min-width: 640px) 50vw, 100vw');
      expect(img.className).toContain('aspect-[16/7]');
    }
  });
});

import { FeedResponseSchema, type Post } from '@rally/shared';
import { screen } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { buildPost, buildUser, testId } from '../../../testing/data';
import { answer } from '../../../testing/handlers';
import { renderWithProviders } from '../../../testing/render';
import { server } from '../../../testing/server';
import { FeedPage } from './feed-page';

const file = (n: number) => `/api/files/0193a5b2-7c1d-7e4f-8a9b-0c1d2e3f4a${String(n).padStart(2, '0')}.webp`;

function serveFeed(posts: Post[]) {
  server.use(
    http.get('/api/feed', ({ request }) => {
      const limit = Number(new URL(request.url).searchParams.get('limit'));
      return answer(FeedResponseSchema, { posts: limit < 0 ? [] : posts, pinned: [], next_cursor: null });
    }),
  );
}

describe('Feed pictures', () => {
  it('load the first picture in view at once, the others lazily, each with its width copies and a fixed box', async () => {
    serveFeed([
      buildPost({ id: testId(100), body: 'Words only' }),
      buildPost({ id: testId(101), images: [file(1), file(2)] }),
      buildPost({ id: testId(102), images: [file(3)] }),
    ]);
    renderWithProviders(<FeedPage />, { session: buildUser(), url: '/community/feed' });

    const first = await screen.findByRole('img', { name: 'Picture 1 of 2 posted by Grace Hopper' });
    expect(first.getAttribute('loading')).toBe('eager');
    expect(first.getAttribute('fetchpriority')).toBe('high');
    expect(first.getAttribute('srcset')).toContain(`${file(1).replace('.webp', '-320w.webp')} 320w`);
    expect(first.className).toContain('aspect-square');

    const second = screen.getByRole('img', { name: 'Picture 2 of 2 posted by Grace Hopper' });
    const alone = screen.getByRole('img', { name: 'Picture posted by Grace Hopper' });
    for (const img of [second, alone]) {
      expect(img.getAttribute('loading')).toBe('lazy');
      expect(img.hasAttribute('fetchpriority')).toBe(false);
      expect(img.getAttribute('decoding')).toBe('async');
    }
    // A single picture has a 4:3 box, so the post does not grow when it arrives.
    expect(alone.className).toContain('aspect-[4/3]');
    expect(alone.getAttribute('sizes')).toBe('(min-width: 704px) 672px, 100vw');
  });

  it('raise no picture’s priority when the first two posts have none', async () => {
    serveFeed([
      buildPost({ id: testId(100), body: 'One' }),
      buildPost({ id: testId(101), body: 'Two' }),
      buildPost({ id: testId(102), images: [file(4)] }),
    ]);
    renderWithProviders(<FeedPage />, { session: buildUser(), url: '/community/feed' });
    const img = await screen.findByRole('img', { name: 'Picture posted by Grace Hopper' });
    expect(img.getAttribute('loading')).toBe('lazy');
    expect(img.hasAttribute('fetchpriority')).toBe(false);
  });
});

import { type MyPost, MyPostsResponseSchema, ParticipateResponseSchema } from '@rally/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { buildClient, buildUser, testId } from '../../../testing/data';
import { answer, failure } from '../../../testing/handlers';
import { renderWithProviders } from '../../../testing/render';
import { receivedBodies, receivedRequests, server } from '../../../testing/server';
import { setViewport } from '../../../testing/viewport';
import { MyPosts } from './my-posts-page';

const client = buildClient({ channels: ['linkedin', 'twitter', 'facebook'] });
const member = buildUser({ client });
const IMAGE = '/api/files/0193a5b2-7c1d-7e4f-8a9b-0c1d2e3f4a01.webp';

function post(n: number, overrides: Partial<MyPost> = {}): MyPost {
  return {
    id: testId(500 + n),
    url: `https://demo.example/p/${testId(500 + n)}`,
    channel: 'linkedin',
    text: `Post number ${n} #launch`,
    clicks: 0,
    shared_at: '2026-11-20T10:00:00.000Z',
    post_url: null,
    created_at: '2026-11-20T09:00:00.000Z',
    status: 'shared',
    points: 0,
    creative: null,
    activity: { id: testId(600 + n), title: `Activity ${n}` },
    project: { id: testId(700), name: 'Spring launch' },
    can_confirm: false,
    ...overrides,
  };
}

/** GET /api/shares answering `pages` in turn (by cursor), and the confirmation. */
function serve(pages: MyPost[][]) {
  server.use(
    http.get('/api/shares', ({ request }) => {
      const cursor = new URL(request.url).searchParams.get('cursor');
      const index = cursor ? pages.findIndex((p) => p.at(-1)?.id === cursor) + 1 : 0;
      const page = pages[index] ?? [];
      return answer(MyPostsResponseSchema, {
        shares: page,
        next_cursor: index < pages.length - 1 ? (page.at(-1)?.id ?? null) : null,
      });
    }),
  );
}

const renderPage = (url = '/performance/posts') =>
  renderWithProviders(<MyPosts userId={member.id} />, { session: member, client, url });

afterEach(() => setViewport(1280));

describe('My Posts', () => {
  it('lists each share with its network, status, clicks, points, proof link and first creative', async () => {
    serve([
      [
        post(1, { status: 'pending_confirmation', shared_at: null, can_confirm: true, channel: 'twitter' }),
        post(2, {
          clicks: 12,
          points: 25,
          post_url: 'https://www.linkedin.com/feed/update/1',
          status: 'verified',
          creative: { url: IMAGE, kind: 'image' },
        }),
      ],
    ]);
    renderPage();
    const items = await screen.findAllByRole('article');
    expect(items.map((a) => within(a).getByRole('heading').textContent)).toEqual([
      'Activity 1',
      'Activity 2',
    ]);
    const [pending, verified] = items as [HTMLElement, HTMLElement];
    expect(within(pending).getByText('Waiting for your confirmation')).toBeTruthy();
    expect(within(pending).getByText(/Shared on X \(Twitter\)/)).toBeTruthy();
    expect(within(pending).getByRole('button', { name: 'Confirm' })).toBeTruthy();
    expect(within(verified).getByText('Verified')).toBeTruthy();
    expect(within(verified).getByText('12 unique clicks')).toBeTruthy();
    expect(within(verified).getByText('25 points')).toBeTruthy();
    expect(within(verified).getByRole('link', { name: 'View your post' }).getAttribute('href')).toBe(
      'https://www.linkedin.com/feed/update/1',
    );
    expect(within(verified).getByRole('link', { name: 'Open tracking link' }).getAttribute('href')).toBe(
      post(2).url,
    );
    expect(within(verified).getByRole('link', { name: 'Share again' }).getAttribute('href')).toBe(
      `/projects/${testId(700)}/activities/${testId(602)}`,
    );
    const img = verified.querySelector('img');
    expect(img?.getAttribute('src')).toBe(IMAGE);
    expect(img?.getAttribute('srcset')).toContain('640w');
    expect(within(verified).queryByRole('button', { name: 'Confirm' })).toBeNull();
  });

  it('confirms a pending share with the post link, then shows it shared', async () => {
    let confirmed = false;
    const pending = post(1, { status: 'pending_confirmation', shared_at: null, can_confirm: true });
    server.use(
      http.get('/api/shares', () =>
        answer(MyPostsResponseSchema, {
          shares: [
            confirmed
              ? {
                  ...pending,
                  status: 'shared',
                  shared_at: pending.created_at,
                  points: 20,
                  can_confirm: false,
                }
              : pending,
          ],
          next_cursor: null,
        }),
      ),
      http.post('/api/shares/:id/complete', () => {
        confirmed = true;
        return answer(ParticipateResponseSchema, {
          points_awarded: 20,
          score: null,
          activity: {
            id: pending.activity.id,
            project_id: pending.project.id,
            type: 'social_post',
            title: pending.activity.title,
            description: null,
            points: 20,
            starts_at: null,
            due_at: null,
            status: 'completed',
            participation: null,
          },
        });
      }),
    );
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Confirm' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm your post' });
    const field = within(dialog).getByLabelText('Link to your post');
    await user.type(field, 'not a link');
    await user.click(screen.getByRole('button', { name: 'Confirm post' }));
    expect(
      await within(dialog).findByText('Post URL must be a web address starting with http:// or https://'),
    ).toBeTruthy();
    expect(await receivedBodies('POST', `/api/shares/${pending.id}/complete`)).toEqual([]);
    await user.clear(field);
    await user.type(field, 'https://www.linkedin.com/feed/update/7');
    await user.click(screen.getByRole('button', { name: 'Confirm post' }));
    expect(await screen.findByText('Post confirmed: you earned 20 points.')).toBeTruthy();
    expect(await receivedBodies('POST', `/api/shares/${pending.id}/complete`)).toEqual([
      { post_url: 'https://www.linkedin.com/feed/update/7' },
    ]);
    expect(await screen.findByText('Shared')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.queryByRole('button', { name: 'Confirm' })).toBeNull();
  });

  it('filters by network, project and period through the query, and loads more with the cursor', async () => {
    const first = Array.from({ length: 10 }, (_, i) => post(i + 1));
    serve([first, [post(11)]]);
    const { user, router } = renderPage();
    await screen.findByRole('heading', { name: 'Activity 10' });
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('heading', { name: 'Activity 11' })).toBeTruthy();
    expect((await receivedRequests('GET', '/api/shares')).map((r) => r.query)).toEqual([
      { limit: '10', period: 'all' },
      { limit: '10', period: 'all', cursor: post(10).id },
    ]);
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();

    await user.click(screen.getByRole('button', { name: /Network/ }));
    await user.click(await screen.findByRole('option', { name: 'LinkedIn' }));
    await waitFor(() => expect(router.state.location.search).toBe('?channel=linkedin'));
    await user.click(screen.getByRole('button', { name: /Period/ }));
    await user.click(await screen.findByRole('option', { name: 'Last 30 days' }));
    await waitFor(async () =>
      expect((await receivedRequests('GET', '/api/shares')).at(-1)?.query).toEqual({
        limit: '10',
        channel: 'linkedin',
        period: '30d',
      }),
    );
  });

  it('says so when there is nothing yet, and offers to clear filters when they hide everything', async () => {
    serve([[]]);
    const { user } = renderPage();
    expect(await screen.findByRole('heading', { name: 'No shared posts yet' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Browse Projects' }).getAttribute('href')).toBe('/projects');
    const filtered = renderPage('/performance/posts?channel=twitter');
    expect(
      await within(filtered.container).findByRole('heading', { name: 'No posts match these filters' }),
    ).toBeTruthy();
    await user.click(within(filtered.container).getByRole('button', { name: 'Clear filters' }));
    expect(
      await within(filtered.container).findByRole('heading', { name: 'No shared posts yet' }),
    ).toBeTruthy();
  });

  it('shows the server message with a retry when the list fails, and works on a 360 px phone', async () => {
    setViewport(360);
    let fail = true;
    server.use(
      http.get('/api/shares', () =>
        fail
          ? failure(500, 'The list is resting')
          : answer(MyPostsResponseSchema, { shares: [post(1)], next_cursor: null }),
      ),
    );
    const { user } = renderPage();
    expect(await screen.findByText('The list is resting')).toBeTruthy();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Activity 1' })).toBeTruthy();
  });
});

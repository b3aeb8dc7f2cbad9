import { FeedResponseSchema, LIST_PAGE_SIZE, type Post, PostResponseSchema } from '@rally/shared';
import { act, screen, within } from '@testing-library/react';
import { http } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildPost, buildUser, testId } from '../../../testing/data';
import { answer, failure } from '../../../testing/handlers';
import { renderWithProviders } from '../../../testing/render';
import { receivedBodies, receivedRequests, server } from '../../../testing/server';
import { FeedPage } from './feed-page';

const ada = buildUser();

/** Posts by Grace, newest first, with ids testId(100), testId(101)… */
function gracePosts(count: number): Post[] {
  return Array.from({ length: count }, (_, i) =>
    buildPost({ id: testId(100 + i), body: `Update number ${i + 1}` }),
  );
}

/**
 * GET /api/feed over `posts` as the server pages it (SPEC 7): `limit` posts after the `cursor` post, next_cursor
 * the last one's id while more remain; a negative limit (the "New posts" check) finds nothing newer.
 */
function serveFeed(posts: Post[]) {
  server.use(
    http.get('/api/feed', ({ request }) => {
      const query = new URL(request.url).searchParams;
      const limit = Number(query.get('limit'));
      if (limit < 0) return answer(FeedResponseSchema, { posts: [], pinned: [], next_cursor: null });
      const cursor = query.get('cursor');
      const start = cursor ? posts.findIndex((post) => post.id === cursor) + 1 : 0;
      const page = posts.slice(start, start + limit);
      const hasMore = start + limit < posts.length;
      return answer(FeedResponseSchema, {
        posts: page,
        pinned: [],
        next_cursor: hasMore ? (page.at(-1)?.id ?? null) : null,
      });
    }),
  );
}

const renderFeed = () => renderWithProviders(<FeedPage />, { session: ada, url: '/community/feed' });

/** The first-page and next-page calls of the feed (not the "New posts" checks). */
async function feedPageRequests() {
  return (await receivedRequests('GET', '/api/feed')).filter((r) => Number(r.query.limit) > 0);
}

describe('Feed', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('says what each automatic post is, in words (a raw key such as feed.post.kind.badge once showed)', async () => {
    serveFeed([
      buildPost({ id: testId(100), kind: 'badge', body: 'Earned First Share' }),
      buildPost({ id: testId(101), kind: 'share', body: 'Shared a post' }),
      buildPost({ id: testId(102), kind: 'content', body: 'Sent a photo' }),
    ]);
    renderFeed();
    const [badge, share, content] = await screen.findAllByRole('article', { name: 'Post by Grace Hopper' });
    expect(badge).toHaveTextContent('earned a badge');
    expect(share).toHaveTextContent('shared a post');
    expect(content).toHaveTextContent('shared Brand Content');
  });

  it('publishes what the member writes and shows it on top of the feed', async () => {
    const posts = gracePosts(1);
    serveFeed(posts);
    server.use(
      http.post('/api/posts', async ({ request }) => {
        const { body } = (await request.json()) as { body: string };
        const post = buildPost({
          id: testId(200),
          author: {
            ...buildPost().author,
            id: ada.id,
            display_name: 'Ada Lovelace',
            first_name: 'Ada',
            last_name: 'Lovelace',
          },
          body,
          abilities: { can_edit: true, can_delete: true, can_pin: false },
        });
        posts.unshift(post);
        return answer(PostResponseSchema, { post }, { status: 201 });
      }),
    );
    const { user } = renderFeed();
    await screen.findByRole('article', { name: 'Post by Grace Hopper' });
    const post = screen.getByRole('button', { name: 'Post' });
    expect(post).toBeDisabled();

    const composer = screen.getByRole('textbox', { name: 'Write a post' });
    await user.type(composer, 'Our stand is ready #launch');
    await user.click(post);

    expect(await screen.findByText('Posted')).toBeInTheDocument();
    const mine = await screen.findByRole('article', { name: 'Post by Ada Lovelace' });
    expect(mine).toHaveTextContent('Our stand is ready #launch');
    const list = screen.getByRole('region', { name: 'Posts' });
    expect(within(list).getAllByRole('article')[0]).toBe(mine);
    expect(composer).toHaveValue('');
    expect(await receivedBodies('POST', '/api/posts')).toEqual([
      { body: 'Our stand is ready #launch', images: [], mentions: [] },
    ]);
  });

  it('likes a post, then takes the like back', async () => {
    const [post] = gracePosts(1) as [Post];
    serveFeed([post]);
    const liked = buildPost({
      ...post,
      reaction_count: 1,
      reactions: { ...post.reactions, like: 1 },
      my_reaction: 'like',
    });
    server.use(
      http.put(`/api/posts/${post.id}/reaction`, () => answer(PostResponseSchema, { post: liked })),
      http.delete(`/api/posts/${post.id}/reaction`, () => answer(PostResponseSchema, { post })),
    );
    const { user } = renderFeed();
    const card = await screen.findByRole('article', { name: 'Post by Grace Hopper' });
    const like = within(card).getByRole('button', { name: 'Like' });
    expect(like).toHaveAttribute('aria-pressed', 'false');

    await user.click(like);

    expect(await within(card).findByText('1 reaction')).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Like' })).toHaveAttribute('aria-pressed', 'true');
    expect(await receivedBodies('PUT', `/api/posts/${post.id}/reaction`)).toEqual([{ kind: 'like' }]);

    await user.click(within(card).getByRole('button', { name: 'Like' }));

    expect(await within(card).findByRole('button', { name: 'Like', pressed: false })).toBeInTheDocument();
    expect(within(card).queryByText('1 reaction')).not.toBeInTheDocument();
    expect(await receivedRequests('DELETE', `/api/posts/${post.id}/reaction`)).toHaveLength(1);
  });

  it('reacts with a kind chosen in the reaction picker', async () => {
    const [post] = gracePosts(1) as [Post];
    serveFeed([post]);
    server.use(
      http.put(`/api/posts/${post.id}/reaction`, async ({ request }) => {
        const { kind } = (await request.json()) as { kind: 'celebrate' };
        return answer(PostResponseSchema, {
          post: {
            ...post,
            reaction_count: 1,
            reactions: { ...post.reactions, [kind]: 1 },
            my_reaction: kind,
          },
        });
      }),
    );
    const { user } = renderFeed();
    const card = await screen.findByRole('article', { name: 'Post by Grace Hopper' });

    await user.click(within(card).getByRole('button', { name: 'Choose a reaction' }));
    await user.click(await screen.findByRole('button', { name: 'Celebrate' }));

    expect(await within(card).findByRole('button', { name: 'Celebrate', pressed: true })).toBeInTheDocument();
    expect(await receivedBodies('PUT', `/api/posts/${post.id}/reaction`)).toEqual([{ kind: 'celebrate' }]);
  });

  it('loads the next page with the cursor the server gave, until the end', async () => {
    const posts = gracePosts(LIST_PAGE_SIZE + 2);
    serveFeed(posts);
    const { user } = renderFeed();
    const list = await screen.findByRole('region', { name: 'Posts' });
    expect(within(list).getAllByRole('article')).toHaveLength(LIST_PAGE_SIZE);
    expect(screen.queryByText("You're all caught up.")).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Show more posts' }));

    expect(await screen.findByText(`Update number ${LIST_PAGE_SIZE + 2}`)).toBeInTheDocument();
    expect(within(list).getAllByRole('article')).toHaveLength(LIST_PAGE_SIZE + 2);
    expect(screen.getByText("You're all caught up.")).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Show more posts' })).not.toBeInTheDocument();
    expect((await feedPageRequests()).map((r) => r.query)).toEqual([
      { limit: String(LIST_PAGE_SIZE), scope: 'all' },
      { limit: String(LIST_PAGE_SIZE), scope: 'all', cursor: posts[LIST_PAGE_SIZE - 1]?.id },
    ]);
  });

  it('loads the next page when the end of the list scrolls into view', async () => {
    const observers: IntersectionObserverCallback[] = [];
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        constructor(callback: IntersectionObserverCallback) {
          observers.push(callback);
        }
        observe() {}
        disconnect() {}
      },
    );
    const posts = gracePosts(LIST_PAGE_SIZE + 1);
    serveFeed(posts);
    renderFeed();
    await screen.findByText(`Update number ${LIST_PAGE_SIZE}`);
    const reach = observers.at(-1);
    expect(reach).toBeDefined();

    act(() => reach?.([{ isIntersecting: true } as IntersectionObserverEntry], {} as IntersectionObserver));

    expect(await screen.findByText(`Update number ${LIST_PAGE_SIZE + 1}`)).toBeInTheDocument();
    expect((await feedPageRequests()).map((r) => r.query.cursor)).toEqual([
      undefined,
      posts[LIST_PAGE_SIZE - 1]?.id,
    ]);
  });

  it("shows the server's message when the feed cannot load, and loads it on Try again", async () => {
    let isDown = true;
    server.use(
      http.get('/api/feed', () =>
        isDown
          ? failure(503, 'The feed is taking a break.')
          : answer(FeedResponseSchema, { posts: gracePosts(1), pinned: [], next_cursor: null }),
      ),
    );
    const { user } = renderFeed();
    expect(await screen.findByRole('alert')).toHaveTextContent('The feed is taking a break.');

    isDown = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));

    expect(await screen.findByRole('article', { name: 'Post by Grace Hopper' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

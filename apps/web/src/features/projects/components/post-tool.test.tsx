import {
  type ActivityDetailResponseSchema,
  ActivitySharesResponseSchema,
  ParticipateResponseSchema,
  ShareResponseSchema,
} from '@rally/shared';
import { screen, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import type { z } from 'zod';
import { buildClient, buildUser, testId } from '../../../testing/data';
import { answer } from '../../../testing/handlers';
import { renderWithProviders } from '../../../testing/render';
import { receivedBodies, receivedRequests, server } from '../../../testing/server';
import { PostTool } from './post-tool';

type Detail = z.infer<typeof ActivityDetailResponseSchema>['activity'];
const client = buildClient({ channels: ['linkedin', 'twitter'] });
const member = buildUser({ client });
const activity: Detail = {
  id: testId(610),
  project_id: testId(700),
  type: 'social_post',
  title: 'Share the launch',
  description: null,
  points: 30,
  starts_at: null,
  due_at: null,
  status: 'todo',
  participation: null,
  project_name: 'Spring launch',
  can_participate: true,
  content: {
    type: 'social_post',
    template: null,
    creatives: [],
    channels: ['linkedin', 'twitter'],
    direct_use: false,
  },
};
const saved = {
  id: testId(520),
  url: `https://demo.example/p/${testId(520)}`,
  channel: 'twitter',
  text: 'Big launch today #launch',
  clicks: 3,
  shared_at: null,
  post_url: null,
};

function renderTool() {
  const content = activity.content as Extract<Detail['content'], { type: 'social_post' }>;
  return renderWithProviders(
    <PostTool userId={member.id} activity={activity} content={content} canAct points={0} onDone={() => {}} />,
    { session: member, client, url: `/projects/${testId(700)}/activities/${activity.id}` },
  );
}

describe('Post tool: a share waiting for confirmation', () => {
  it('comes back after a reload with its tracked link, and is confirmed from there', async () => {
    server.use(
      http.get('/api/activities/:id/shares', () => answer(ActivitySharesResponseSchema, { shares: [saved] })),
      http.post('/api/shares/:id/complete', () =>
        answer(ParticipateResponseSchema, {
          points_awarded: 30,
          score: null,
          activity: { ...activity, status: 'completed' },
        }),
      ),
    );
    const { user } = renderTool();
    const step = (await screen.findByRole('heading', { name: 'Posted it?' })).closest('section')!;
    expect(within(step).getByText(saved.url)).toBeTruthy();
    expect(within(step).getByRole('link', { name: 'My Posts' }).getAttribute('href')).toBe(
      '/performance/posts',
    );
    // Found waiting, not just made: the page does not jump to it.
    expect(document.activeElement?.textContent).not.toBe('Posted it?');
    await user.type(within(step).getByLabelText('Link to your post'), 'https://x.com/me/status/1');
    await user.click(within(step).getByRole('button', { name: 'Mark as shared' }));
    await expect
      .poll(() => receivedBodies('POST', `/api/shares/${saved.id}/complete`))
      .toEqual([{ post_url: 'https://x.com/me/status/1' }]);
  });

  it('shows no confirmation step when every share is confirmed', async () => {
    server.use(
      http.get('/api/activities/:id/shares', () =>
        answer(ActivitySharesResponseSchema, {
          shares: [{ ...saved, shared_at: '2026-11-20T10:00:00.000Z' }],
        }),
      ),
    );
    renderTool();
    expect(await screen.findByRole('button', { name: 'Share' })).toBeTruthy();
    await expect
      .poll(async () => (await receivedRequests('GET', `/api/activities/${activity.id}/shares`)).length)
      .toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(screen.queryByRole('heading', { name: 'Posted it?' })).toBeNull();
  });

  it('offers "Share again" once done, which asks for the same network\'s link again', async () => {
    server.use(
      http.post('/api/activities/:id/shares', () =>
        answer(ShareResponseSchema, { share: { ...saved, shared_at: '2026-11-20T10:00:00.000Z' } }),
      ),
    );
    const done: Detail = {
      ...activity,
      status: 'completed',
      can_participate: false,
      participation: {
        id: testId(800),
        status: 'completed',
        data: { share_id: saved.id, channel: 'twitter', text: saved.text, post_url: null },
        reject_reason: null,
        created_at: '2026-11-20T10:00:00.000Z',
      },
    };
    const content = done.content as Extract<Detail['content'], { type: 'social_post' }>;
    const { user } = renderWithProviders(
      <PostTool
        userId={member.id}
        activity={done}
        content={content}
        canAct={false}
        points={30}
        onDone={() => {}}
      />,
      { session: member, client, url: `/projects/${testId(700)}/activities/${done.id}` },
    );
    // The network's share page opens in a new window (not in this test's document).
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    await user.click(await screen.findByRole('button', { name: 'Share again' }));
    await expect
      .poll(() => receivedBodies('POST', `/api/activities/${done.id}/shares`))
      .toEqual([{ channel: 'twitter', text: saved.text }]);
    await expect.poll(() => open.mock.calls.length).toBe(1);
    expect(String(open.mock.calls[0]?.[0])).toContain(encodeURIComponent(saved.url));
    open.mockRestore();
  });
});

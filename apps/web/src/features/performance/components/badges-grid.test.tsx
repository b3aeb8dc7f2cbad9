import { type Badge, StatsResponseSchema } from '@rally/shared';
import { screen, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { buildUser, testId } from '../../../testing/data';
import { answer, failure } from '../../../testing/handlers';
import { renderApp, renderWithProviders } from '../../../testing/render';
import { server } from '../../../testing/server';
import { setViewport } from '../../../testing/viewport';
import { BadgesGrid } from './badges-grid';

const member = buildUser();

function badge(n: number, overrides: Partial<Badge> = {}): Badge {
  return {
    id: testId(100 + n),
    name: `Badge ${n}`,
    description: null,
    image_url: null,
    earned_at: null,
    tier: null,
    reason: null,
    criterion: 'shares',
    period: null,
    activity_type: null,
    progress: null,
    ...overrides,
  };
}

const serveStats = (earnedBadges: Badge[], unearnedBadges: Badge[]) =>
  server.use(http.get('/api/stats', () => answer(StatsResponseSchema, { earnedBadges, unearnedBadges })));

const tiles = (sectionName: string) =>
  within(screen.getByRole('region', { name: sectionName }))
    .getAllByRole('heading', { level: 3 })
    .map((h) => h.textContent);

describe('My Badges', () => {
  it('lists earned badges newest first with date, tier and reason, and the rest next-up first with progress', async () => {
    serveStats(
      [
        badge(1, {
          name: 'Herald',
          earned_at: '2026-03-01T10:00:00.000Z',
          criterion: 'first_share',
          reason: 'First share',
        }),
        badge(2, {
          name: 'Sharer',
          earned_at: '2026-04-02T10:00:00.000Z',
          tier: 'silver',
          reason: '5 shares',
          progress: { current: 7, target: 10, tier: 'gold', label: '7 of 10 shares' },
        }),
      ],
      [
        badge(3, { name: 'Hero', criterion: 'manual' }),
        badge(4, {
          name: 'Clicker',
          criterion: 'clicks',
          progress: { current: 1, target: 10, tier: null, label: '1 of 10 unique clicks' },
        }),
        badge(5, {
          name: 'Maker',
          criterion: 'activities',
          activity_type: 'content_submission',
          progress: { current: 1, target: 2, tier: null, label: '' },
        }),
        badge(6, {
          name: 'Weekly',
          criterion: 'points',
          period: 'week',
          progress: { current: 0, target: 1, tier: null, label: '' },
        }),
      ],
    );
    renderWithProviders(<BadgesGrid userId={member.id} />, { session: member });

    expect(await screen.findByText("You've earned 2 badges.")).toBeInTheDocument();
    expect(tiles('Earned')).toEqual(['Sharer', 'Herald']);
    // Closest to completion first (1 of 2, 1 of 10, 0 of 1), one awarded by an admin last.
    expect(tiles('Next up')).toEqual(['Maker', 'Clicker', 'Weekly', 'Hero']);

    expect(screen.getByText('Silver')).toBeInTheDocument();
    expect(screen.getByText('For: 5 shares')).toBeInTheDocument();
    expect(screen.getByText('Earned Apr 2, 2026')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Sharer badge, Silver' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Hero badge' })).toBeInTheDocument();
    // Wording per criterion, pluralised.
    expect(screen.getByText('7 of 10 shares for Gold')).toBeInTheDocument();
    expect(screen.getByText('1 of 10 unique clicks')).toBeInTheDocument();
    expect(screen.getByText('1 of 2 completed Brand Content activities')).toBeInTheDocument();
    expect(screen.getByText('0 of 1 point in a week')).toBeInTheDocument();
    expect(screen.getByText('Awarded by an admin')).toBeInTheDocument();
    const bar = screen.getByRole('progressbar', { name: 'Progress toward Clicker' });
    expect(bar).toHaveAttribute('aria-valuenow', '1');
    expect(bar).toHaveAttribute('aria-valuemax', '10');
    expect(bar).toHaveAttribute('aria-valuetext', '1 of 10 unique clicks');
  });

  it('says truthfully that there are no badges yet, not that the feature is off', async () => {
    serveStats([], []);
    setViewport(360, 740);
    renderApp('/performance/badges', { session: member });
    expect(await screen.findByRole('heading', { name: 'No badges yet' })).toBeInTheDocument();
    expect(screen.queryByText(/not available|turned off|not enabled/i)).toBeNull();
    // The tab stays hidden (SPEC 2): only My Posts and My Metrics are offered.
    expect(screen.queryByRole('link', { name: 'My Badges' })).toBeNull();
  });

  it('shows the error with a way to try again', async () => {
    server.use(http.get('/api/stats', () => failure(500, 'Stats are down')));
    renderWithProviders(<BadgesGrid userId={member.id} />, { session: member });
    expect(await screen.findByRole('alert')).toHaveTextContent('Stats are down');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});

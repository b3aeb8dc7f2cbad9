import {
  type MetricsPeriod,
  type MetricsResponse,
  MetricsResponseSchema,
  MetricsSummarySchema,
} from '@rally/shared';
import { screen, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { buildUser, testId } from '../../../testing/data';
import { answer, EMPTY_SUMMARY, failure } from '../../../testing/handlers';
import { renderApp } from '../../../testing/render';
import { receivedRequests, server } from '../../../testing/server';
import { setViewport } from '../../../testing/viewport';

const member = buildUser({ email: 'member@demo.test' });
const figure = (value: number, team: number | null = 4, median = 2) => ({
  value,
  team_average: team,
  client_median: median,
});

function metrics(period: MetricsPeriod, points: number[]): MetricsResponse {
  const days = points.map((_, i) => `2026-11-${String(10 + i).padStart(2, '0')}`);
  return {
    period,
    from: days[0]!,
    to: days.at(-1)!,
    bucket: 'day',
    series: days.map((start, i) => ({
      start,
      points: points[i]!,
      shares: 1,
      clicks: i,
      active_seconds: 600,
    })),
    totals: {
      points: figure(points.reduce((a, b) => a + b, 0)),
      shares: figure(points.length),
      clicks: figure(3),
      participations: figure(2),
      active_seconds: figure(4500, null, 60),
    },
    shares_by_network: [
      { key: 'linkedin', ...figure(2) },
      { key: 'twitter', ...figure(1) },
    ],
    participations_by_type: [
      { key: 'social_post', ...figure(1) },
      { key: 'content_submission', ...figure(1) },
      { key: 'training', ...figure(0) },
      { key: 'general_participation', ...figure(0) },
    ],
    rank_history: [
      { week_start: '2026-11-02', rank: null, points: 0 },
      { week_start: '2026-11-09', rank: 3, points: 20 },
    ],
  };
}

const serveMetrics = () =>
  server.use(
    http.get('/api/metrics', ({ request }) => {
      const period = (new URL(request.url).searchParams.get('period') ?? '30d') as MetricsPeriod;
      return answer(MetricsResponseSchema, metrics(period, period === '7d' ? [1, 2, 3] : [10, 20, 30, 40]));
    }),
  );

describe('My Metrics', () => {
  it('shows each figure beside team average and median, and six charts named by what they show', async () => {
    serveMetrics();
    renderApp('/performance/metrics', { session: member });
    const points = await screen.findByRole('img', {
      name: /Bar chart of your points per day .*100 in total/,
    });
    expect(points).toBeInTheDocument();
    expect(
      screen.getByRole('img', { name: /shares per network: LinkedIn 2, X \(Twitter\) 1/ }),
    ).toBeInTheDocument();
    expect(screen.getByRole('img', { name: /unique clicks on your links/ })).toBeInTheDocument();
    expect(
      screen.getByRole('img', { name: /activities you completed by type: Personal Page 1, Brand Content 1/ }),
    ).toBeInTheDocument();
    expect(screen.getByRole('img', { name: /weekly rank, 1 at the top: Nov 9 #3/ })).toBeInTheDocument();
    expect(
      screen.getByRole('img', { name: /time active in the app per day .*: 40 mins in total/ }),
    ).toBeInTheDocument();

    const figures = screen.getByRole('region', { name: 'Your figures' });
    const active = within(figures).getByText('Active time').closest('li')!;
    expect(active).toHaveTextContent('1 hr 15 mins');
    expect(active).toHaveTextContent('Team averageNo Team');
    expect(active).toHaveTextContent('Median member1 min');
  });

  it('switches the period and keeps it in the address', async () => {
    serveMetrics();
    const { user, router } = renderApp('/performance/metrics', { session: member });
    await screen.findByRole('img', { name: /100 in total/ });
    const picker = screen.getByRole('radiogroup', { name: 'Period' });
    expect(within(picker).getByRole('radio', { name: 'Last 30 days' })).toBeChecked();
    await user.click(within(picker).getByRole('radio', { name: 'Last 7 days' }));
    expect(await screen.findByRole('img', { name: /points per day .*6 in total/ })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?period=7d');
    const periods = (await receivedRequests('GET', '/api/metrics')).map((r) => r.query.period);
    expect(periods).toEqual(['30d', '7d']);
  });

  it('shows the data of a chart as a table on demand, comparisons included', async () => {
    serveMetrics();
    setViewport(360);
    const { user } = renderApp('/performance/metrics', { session: member });
    await screen.findByRole('img', { name: /100 in total/ });
    await user.click(screen.getByRole('button', { name: 'Show table: Shares by network' }));
    const table = screen.getByRole('table', { name: 'Shares by network' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Network', 'You', 'Team average', 'Median member']);
    expect(within(table).getByRole('rowheader', { name: 'LinkedIn' })).toBeInTheDocument();
  });

  it('says so when nothing was counted', async () => {
    const empty = metrics('30d', [0, 0]);
    empty.totals = {
      points: figure(0),
      shares: figure(0),
      clicks: figure(0),
      participations: figure(0),
      active_seconds: figure(0),
    };
    empty.rank_history = [];
    server.use(http.get('/api/metrics', () => answer(MetricsResponseSchema, empty)));
    renderApp('/performance/metrics', { session: member });
    expect(
      await screen.findByRole('heading', { name: 'Nothing counted in this period yet' }),
    ).toBeInTheDocument();
  });

  it('offers a retry when loading fails', async () => {
    server.use(http.get('/api/metrics', () => failure(500, 'Something broke')));
    renderApp('/performance/metrics', { session: member });
    expect(await screen.findByText('Your metrics could not be loaded')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});

describe('Home', () => {
  it("shows the member's points and rank this week, streak and what to do next", async () => {
    server.use(
      http.get('/api/metrics/summary', () =>
        answer(MetricsSummarySchema, {
          ...EMPTY_SUMMARY,
          week: { start: '2026-11-23', points: 45, rank: 2 },
          streak_weeks: 3,
          next: [
            {
              id: testId(1),
              project_id: testId(2),
              project_name: 'Launch',
              title: 'Share the launch post',
              type: 'social_post',
              points: 10,
              due_at: '2026-11-28T12:00:00.000Z',
            },
          ],
          unconfirmed_shares: 1,
        }),
      ),
    );
    renderApp('/', { session: member });
    const week = await screen.findByRole('region', { name: 'Your week' });
    expect(within(week).getByText('Points this week').closest('li')).toHaveTextContent('45');
    expect(within(week).getByText('Rank this week').closest('li')).toHaveTextContent('#2');
    expect(within(week).getByText('Streak').closest('li')).toHaveTextContent('3 weeks');
    const next = screen.getByRole('region', { name: 'What to do next' });
    expect(within(next).getByRole('link', { name: /Share the launch post/ })).toHaveAttribute(
      'href',
      `/projects/${testId(2)}/activities/${testId(1)}`,
    );
    expect(within(next).getByRole('link', { name: '1 share waiting for your confirmation' })).toHaveAttribute(
      'href',
      '/performance/posts',
    );
  });
});

import { type DashboardPeriod, type DashboardResponse, DashboardResponseSchema } from '@rally/shared';
import { screen, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { buildUser, testId } from '../../../testing/data';
import { answer, failure } from '../../../testing/handlers';
import { renderApp } from '../../../testing/render';
import { receivedRequests, server } from '../../../testing/server';
import { setViewport } from '../../../testing/viewport';

const admin = buildUser({ email: 'admin@demo.test', role: 'ADMIN' });
const lead = buildUser({ email: 'lead@demo.test', role: 'ANALYST', team_tags: [testId(9)] });
const fig = (value: number, previous: number) => ({ value, previous });
const zero = fig(0, 0);

function dashboard(period: DashboardPeriod, shares: number[]): DashboardResponse {
  const days = shares.map((_, i) => `2026-11-${String(10 + i).padStart(2, '0')}`);
  const total = shares.reduce((a, b) => a + b, 0);
  return {
    period,
    from: days[0]!,
    to: days.at(-1)!,
    previous_from: '2026-11-01',
    previous_to: '2026-11-09',
    scope: 'client',
    members: 40,
    active_members_7d: fig(12, 8),
    active_members_30d: fig(20, 20),
    participation_rate: fig(25, 50),
    shares: fig(total, 0),
    clicks: fig(9, 3),
    estimated_reach: fig(total * 250, 0),
    networks: [
      { network: 'linkedin', shares: fig(total, 0), clicks: fig(9, 3) },
      { network: 'twitter', shares: zero, clicks: zero },
    ],
    brand_content_waiting: fig(3, 6),
    applicants_waiting: fig(2, 1),
    trainings_completed: fig(4, 2),
    trainings_completion: fig(62.5, 50),
    series: days.map((day, i) => ({
      day,
      active_members: 3,
      shares: shares[i]!,
      clicks: 1,
      completions: 2,
      trainings: 1,
      points: 10,
    })),
    top_members: [
      { user_id: testId(1), name: 'Una One', image_url: null, points: 30, previous_points: 20 },
      { user_id: testId(2), name: 'Tom Two', image_url: null, points: 10, previous_points: 0 },
    ],
    top_teams: [{ team_id: testId(9), name: 'Sales', members: 4, points: 30, previous_points: 40 }],
    top_content: [
      {
        activity_id: testId(3),
        project_id: testId(4),
        title: 'Launch post',
        shares: total,
        clicks: 9,
        previous_shares: total,
        previous_clicks: 2,
      },
    ],
  };
}

const serve = (change: (d: DashboardResponse) => DashboardResponse = (d) => d) =>
  server.use(
    http.get('/api/admin/dashboard', ({ request }) => {
      const period = (new URL(request.url).searchParams.get('period') ?? '30d') as DashboardPeriod;
      return answer(DashboardResponseSchema, change(dashboard(period, period === '7d' ? [1, 1] : [2, 3, 4])));
    }),
  );

describe('Admin dashboard', () => {
  it('shows each figure with its trend in words and a link to where the admin acts', async () => {
    serve();
    setViewport(1280);
    renderApp('/admin', { session: admin });
    const figures = await screen.findByRole('region', { name: 'Figures of the period' });
    const active = within(figures).getByRole('link', { name: /Active members, 7 days/ });
    expect(active).toHaveTextContent('12Up 50% vs the 7 days before (was 8)');
    expect(active).toHaveAttribute('href', '/admin/users');
    const rate = within(figures).getByRole('link', { name: /Participation rate/ });
    expect(rate).toHaveTextContent('25%Down 50% vs the 30 days before (was 50%)');
    const brand = within(figures).getByRole('link', { name: /Brand Content waiting/ });
    expect(brand).toHaveTextContent('Down 50% vs the start of the period');
    expect(brand).toHaveAttribute('href', '/admin/participation?status=pending&type=content_submission');
    expect(within(figures).getByRole('link', { name: /Applicants waiting/ })).toHaveAttribute(
      'href',
      '/admin/applicants',
    );
    const shares = within(figures).getByRole('link', { name: /Shares/ });
    expect(shares).toHaveTextContent('Up from none');
    // An admin opens the figure's report for the same days.
    expect(shares).toHaveTextContent('Open the report');
    const { from, to } = dashboard('30d', [2, 3, 4]);
    expect(shares).toHaveAttribute('href', `/admin/reporting?report=shares&from=${from}&to=${to}`);
    expect(within(figures).getByRole('link', { name: /Trainings completed/ })).toHaveAttribute(
      'href',
      `/admin/reporting?report=trainings&from=${from}&to=${to}`,
    );
    const completion = within(figures).getByRole('link', { name: /Training completion/ });
    expect(completion).toHaveTextContent('62.5%Up 25% vs the start of the period (was 50%)');
    expect(completion).toHaveAttribute('href', `/admin/reporting?report=trainings&from=${from}&to=${to}`);
    expect(screen.getByRole('img', { name: /9 shares and 3 clicks in all/ })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: /LinkedIn 9 shares, 9 clicks/ })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Launch post' })).toHaveAttribute(
      'href',
      `/admin/projects/${testId(4)}`,
    );
  });

  it('shows each top row with its trend against the period before, in words for screen readers, over a bar', async () => {
    serve();
    setViewport(360);
    renderApp('/admin', { session: admin });
    const una = (await screen.findByRole('link', { name: 'Una One' })).closest('li')!;
    expect(una).toHaveTextContent('30 points');
    expect(una).toHaveTextContent('Up 50% vs the 30 days before (was 20 points)');
    // The largest figure of the list fills the bar; a mark shows where the row stood in the period before.
    expect(within(una).getByTestId('top-bar-now')).toHaveStyle({ width: '100%' });
    expect(within(una).getByTestId('top-bar-before').style.left).toMatch(/^66\.6/);
    const tom = screen.getByRole('link', { name: 'Tom Two' }).closest('li')!;
    expect(tom).toHaveTextContent('new');
    expect(within(tom).queryByTestId('top-bar-before')).not.toBeInTheDocument();
    expect(tom).toHaveTextContent('Up from none vs the 30 days before (was 0 points)');
    const sales = screen.getByRole('link', { name: 'Sales' }).closest('li')!;
    expect(sales).toHaveTextContent('Down 25% vs the 30 days before (was 40 points)');
    expect(within(sales).getByTestId('top-bar-now').style.width).toBe('75%');
    const launch = screen.getByRole('link', { name: 'Launch post' }).closest('li')!;
    expect(launch).toHaveTextContent('No change vs the 30 days before (was 9 shares, 2 clicks)');
  });

  it('says how many members only once it knows: no "0 members" while the figures load', async () => {
    let release = () => {};
    const arrived = new Promise<void>((resolve) => {
      release = resolve;
    });
    server.use(
      http.get('/api/admin/dashboard', async () => {
        await arrived;
        return answer(DashboardResponseSchema, dashboard('30d', [2, 3, 4]));
      }),
    );
    renderApp('/admin', { session: admin });
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(screen.queryByText(/members\./)).not.toBeInTheDocument();
    release();
    expect(await screen.findByText("What Acme's program achieved: 40 members.")).toBeInTheDocument();
  });

  it('switches the period and keeps it in the address', async () => {
    serve();
    setViewport(360);
    const { user, router } = renderApp('/admin', { session: admin });
    await screen.findByRole('img', { name: /9 shares and 3 clicks/ });
    await user.click(
      within(screen.getByRole('radiogroup', { name: 'Period' })).getByRole('radio', { name: 'Last 7 days' }),
    );
    expect(await screen.findByRole('img', { name: /2 shares and/ })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?period=7d');
    const periods = (await receivedRequests('GET', '/api/admin/dashboard')).map((r) => r.query.period);
    expect(periods).toEqual(['30d', '7d']);
  });

  it("shows a team lead their teams' figures without the applicants queue", async () => {
    serve((d) => ({
      ...d,
      scope: 'teams',
      members: 4,
      applicants_waiting: null,
      top_content: [{ ...d.top_content[0]!, title: 'Team post', shares: 1, clicks: 1 }],
    }));
    renderApp('/admin', { session: lead });
    expect(await screen.findByText('What your Teams achieved: 4 members.')).toBeInTheDocument();
    const figures = screen.getByRole('region', { name: 'Figures of the period' });
    expect(within(figures).queryByRole('link', { name: /Applicants/ })).not.toBeInTheDocument();
    // Counts read as people say them: "1 share", not "1 shares".
    expect(screen.getByRole('link', { name: 'Team post' }).closest('li')).toHaveTextContent(
      '1 share, 1 click',
    );
    // Reporting is the admins' (SPEC 6): a lead's tiles lead to the tabs they have.
    expect(within(figures).getByRole('link', { name: /Shares/ })).toHaveAttribute('href', '/admin/projects');
    expect(within(figures).getByRole('link', { name: /Participation rate/ })).toHaveAttribute(
      'href',
      '/admin/participation',
    );
  });

  it('says so when nothing happened, and offers a retry when loading fails', async () => {
    serve((d) => ({
      ...d,
      active_members_7d: zero,
      active_members_30d: zero,
      participation_rate: zero,
      shares: zero,
      clicks: zero,
      brand_content_waiting: zero,
      applicants_waiting: zero,
      trainings_completed: zero,
      trainings_completion: zero,
      top_members: [],
    }));
    const first = renderApp('/admin', { session: admin });
    expect(
      await screen.findByRole('heading', { name: 'Nothing happened in this period' }),
    ).toBeInTheDocument();
    first.unmount();
    server.use(http.get('/api/admin/dashboard', () => failure(500, 'Something broke')));
    renderApp('/admin', { session: admin });
    expect(await screen.findByText('The dashboard could not be loaded.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});

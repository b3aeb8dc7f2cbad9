import {
  AdminProjectsResponseSchema,
  AdminTeamsResponseSchema,
  ReportExportResponseSchema,
  type ReportResponse,
  ReportResponseSchema,
  ReportSubscriptionResponseSchema,
  ReportSubscriptionsResponseSchema,
} from '@rally/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildUser, testId } from '../../../testing/data';
import { answer, failure } from '../../../testing/handlers';
import { renderApp } from '../../../testing/render';
import { receivedBodies, receivedRequests, server } from '../../../testing/server';
import { setViewport } from '../../../testing/viewport';

const admin = buildUser({ email: 'admin@demo.test', role: 'ADMIN' });
/** The page's chunk (with uPlot) loads on the first visit. */
const SLOW = { timeout: 5000 };
const analyst = buildUser({ email: 'lead@demo.test', role: 'ANALYST' });

function sharesReport(over: Partial<ReportResponse> = {}): ReportResponse {
  return {
    report: 'shares',
    from: '2026-11-01',
    to: '2026-11-03',
    sort: 'shares',
    dir: 'desc',
    summary: { members: 12, active_seconds: 5400, shares: 9, clicks: 4 },
    series: {
      days: ['2026-11-01', '2026-11-02', '2026-11-03'],
      lines: [
        { key: 'clicks', values: [1, 1, 2] },
        { key: 'shares', values: [3, 2, 4] },
      ],
    },
    rows: [
      {
        id: 'linkedin',
        cells: { network: 'linkedin', shares: 6, clicks: 3, sharers: 4, clicks_per_share: 0.5 },
      },
      {
        id: 'twitter',
        cells: { network: 'twitter', shares: 3, clicks: 1, sharers: 2, clicks_per_share: 0.33 },
      },
    ],
    total_rows: 3,
    next_cursor: 'twitter',
    ...over,
  };
}

function serve(report: (url: URL) => ReportResponse = () => sharesReport()) {
  server.use(
    http.get('/api/admin/reports/:report', ({ request }) =>
      answer(ReportResponseSchema, report(new URL(request.url))),
    ),
    http.get('/api/admin/projects', () => answer(AdminProjectsResponseSchema, { projects: [] })),
    http.get('/api/admin/teams', () => answer(AdminTeamsResponseSchema, { teams: [] })),
    http.get('/api/admin/report-subscriptions', () =>
      answer(ReportSubscriptionsResponseSchema, { subscriptions: [] }),
    ),
  );
}

beforeEach(() => {
  URL.createObjectURL = vi.fn(() => 'blob:report');
  URL.revokeObjectURL = vi.fn();
  // The download link's click would navigate the test page away.
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
});
afterEach(() => vi.restoreAllMocks());

describe('Admin reporting', () => {
  it("names a participation report's lines and figures by their activity types (SPEC labels), any other by its key", async () => {
    serve(() =>
      sharesReport({
        report: 'participation',
        sort: 'completions',
        summary: { members: 12, active_seconds: 0, training: 5, social_post: 2 },
        series: {
          days: ['2026-11-01', '2026-11-02', '2026-11-03'],
          lines: [
            { key: 'training', values: [1, 2, 2] },
            { key: 'social_post', values: [0, 1, 1] },
            { key: 'mystery', values: [0, 0, 1] },
          ],
        },
        rows: [],
        total_rows: 0,
        next_cursor: null,
      }),
    );
    renderApp('/admin/reporting?report=participation', { session: admin });
    expect(
      await screen.findByRole('img', { name: /Training 5, Personal Page 2, mystery 1/ }, SLOW),
    ).toBeInTheDocument();
    const summary = screen.getByRole('region', { name: 'Figures of the range' });
    expect(within(summary).getByText('Training').nextSibling).toHaveTextContent('5');
    expect(within(summary).getByText('Personal Page').nextSibling).toHaveTextContent('2');
  });

  it('shows the summary, an accessible chart with a table toggle, and a sortable table', async () => {
    serve();
    setViewport(1280);
    const { user } = renderApp('/admin/reporting?report=shares', { session: admin });
    const chart = await screen.findByRole(
      'img',
      { name: /Shares and clicks from Nov 1 to Nov 3: Unique clicks 4, Shares 9/ },
      SLOW,
    );
    expect(chart).toBeInTheDocument();
    const summary = screen.getByRole('region', { name: 'Figures of the range' });
    expect(within(summary).getByText("Members' active time").nextSibling).toHaveTextContent('1 hr 30 mins');
    const table = screen.getByRole('table', { name: /Shares and clicks, Nov 1 to Nov 3, sorted by Shares/ });
    expect(within(table).getByRole('rowheader', { name: 'LinkedIn' })).toBeInTheDocument();
    expect(within(table).getAllByRole('columnheader')[1]).toHaveAttribute('aria-sort', 'descending');
    await user.click(within(table).getByRole('button', { name: 'Sort by Unique clicks' }));
    await waitFor(async () => {
      const sorts = (await receivedRequests('GET', '/api/admin/reports/shares')).map((r) => r.query.sort);
      expect(sorts.at(-1)).toBe('clicks');
    });
    await user.click(screen.getByRole('button', { name: /Show as table: Shares and clicks by day/ }));
    expect(screen.getAllByRole('table')).toHaveLength(2);
  });

  it('pages by cursor and keeps filters in the address', async () => {
    serve();
    setViewport(360);
    const { user, router } = renderApp('/admin/reporting?report=shares', { session: admin });
    await user.click(await screen.findByRole('button', { name: 'Next page' }, SLOW));
    await waitFor(() => expect(router.state.location.search).toContain('cursor=twitter'));
    await user.selectOptions(screen.getByLabelText('Network'), 'linkedin');
    await waitFor(() => expect(router.state.location.search).toBe('?report=shares&network=linkedin'));
    const last = (await receivedRequests('GET', '/api/admin/reports/shares')).at(-1)!;
    expect(last.query).toMatchObject({ network: 'linkedin', sort: 'shares', dir: 'desc' });
    expect(last.query.cursor).toBeUndefined();
    expect(screen.queryByLabelText('Activity type')).not.toBeInTheDocument();
  });

  it('exports to CSV through the progress banner and downloads the file', async () => {
    serve();
    let polls = 0;
    const state = (step: string, status = 'running') => ({
      id: testId(5),
      report: 'shares' as const,
      format: 'csv' as const,
      status: status as 'running',
      step: step as 'read',
      percent: status === 'done' ? 100 : 10,
      rows: 2,
      download_url: status === 'done' ? `/api/admin/reports/shares/exports/${testId(5)}/file` : null,
      error: null,
      expires_at: null,
    });
    server.use(
      http.post('/api/admin/reports/:report/exports', () =>
        answer(ReportExportResponseSchema, { export: state('read') }, { status: 202 }),
      ),
      http.get('/api/admin/reports/:report/exports/:id', () => {
        polls += 1;
        return answer(ReportExportResponseSchema, {
          export: polls < 2 ? state('write') : state('done', 'done'),
        });
      }),
      http.get(
        '/api/admin/reports/:report/exports/:id/file',
        () => new HttpResponse('"Network"\r\n', { headers: { 'content-type': 'text/csv' } }),
      ),
    );
    const { user } = renderApp('/admin/reporting?report=shares&network=linkedin', { session: admin });
    await user.click(await screen.findByRole('button', { name: 'Export CSV' }, SLOW));
    expect(
      await screen.findByRole('progressbar', { name: 'Exporting the Shares and clicks report (CSV)' }),
    ).toBeInTheDocument();
    await waitFor(() => expect(HTMLAnchorElement.prototype.click).toHaveBeenCalled(), { timeout: 5000 });
    expect(URL.createObjectURL).toHaveBeenCalledWith(expect.any(Blob));
    expect(await receivedBodies('POST', '/api/admin/reports/shares/exports')).toEqual([
      { network: 'linkedin', format: 'csv', sort: 'shares', dir: 'desc' },
    ]);
  });

  it('subscribes to a weekly email of the report and unsubscribes after confirming', async () => {
    serve();
    const sub = {
      id: testId(7),
      report: 'shares' as const,
      frequency: 'weekly' as const,
      filters: {},
      next_run_at: '2026-11-30T07:00:00.000Z',
      last_sent_at: null,
    };
    let subs: (typeof sub)[] = [];
    server.use(
      http.get('/api/admin/report-subscriptions', () =>
        answer(ReportSubscriptionsResponseSchema, { subscriptions: subs }),
      ),
      http.post('/api/admin/reports/:report/subscriptions', () => {
        subs = [sub];
        return answer(ReportSubscriptionResponseSchema, { subscription: sub }, { status: 201 });
      }),
      http.delete('/api/admin/report-subscriptions/:id', () => {
        subs = [];
        return HttpResponse.json({ ok: true });
      }),
    );
    const { user } = renderApp('/admin/reporting?report=shares', { session: admin });
    await user.click(await screen.findByRole('button', { name: 'Email me this report' }, SLOW));
    const dialog = await screen.findByRole('dialog', { name: 'Scheduled reports' });
    expect(within(dialog).getByText('You have no scheduled reports yet.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Subscribe' }));
    await user.click(
      await within(dialog).findByRole('button', { name: 'Unsubscribe from Shares and clicks, weekly' }),
    );
    const confirm = await screen.findByRole('dialog', { name: 'Unsubscribe from this report?' });
    await user.click(within(confirm).getByRole('button', { name: 'Unsubscribe' }));
    expect(await within(dialog).findByText('You have no scheduled reports yet.')).toBeInTheDocument();
    expect(await receivedBodies('POST', '/api/admin/reports/shares/subscriptions')).toEqual([
      { frequency: 'weekly' },
    ]);
  });

  it('says so when nothing matches, offers a retry on failure, and is for admins only', async () => {
    serve(() =>
      sharesReport({
        rows: [],
        total_rows: 0,
        next_cursor: null,
        series: { days: ['2026-11-01'], lines: [] },
      }),
    );
    const first = renderApp('/admin/reporting', { session: admin });
    expect(
      await screen.findByRole('heading', { name: 'Nothing to report in this range' }, SLOW),
    ).toBeInTheDocument();
    first.unmount();
    server.use(http.get('/api/admin/reports/:report', () => failure(500, 'Something broke')));
    const second = renderApp('/admin/reporting', { session: admin });
    expect(await screen.findByText('The report could not be loaded.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    second.unmount();
    const before = (await receivedRequests('GET', '/api/admin/reports/participation')).length;
    renderApp('/admin/reporting', { session: analyst });
    expect(
      await screen.findByRole('heading', { name: "You don't have access to this page" }, SLOW),
    ).toBeInTheDocument();
    expect(await receivedRequests('GET', '/api/admin/reports/participation')).toHaveLength(before);
  });
});

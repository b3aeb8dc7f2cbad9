import {
  AdminBadgesResponseSchema,
  AdminProjectsResponseSchema,
  AdminTeamsResponseSchema,
  AdminUsersResponseSchema,
  ApiKeysResponseSchema,
  type DashboardResponse,
  DashboardResponseSchema,
  ReportResponseSchema,
  ScimTokensResponseSchema,
  SsoSettingsResponseSchema,
  WebhooksResponseSchema,
} from '@rally/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { buildUser } from '../../testing/data';
import { answer } from '../../testing/handlers';
import { renderApp } from '../../testing/render';
import { server } from '../../testing/server';
import { setViewport } from '../../testing/viewport';

const none = { value: 0, previous: 0 };
const EMPTY_DASHBOARD: DashboardResponse = {
  period: '30d',
  from: '2026-10-27',
  to: '2026-11-25',
  previous_from: '2026-09-27',
  previous_to: '2026-10-26',
  scope: 'client',
  members: 0,
  active_members_7d: none,
  active_members_30d: none,
  participation_rate: none,
  shares: none,
  clicks: none,
  estimated_reach: none,
  networks: [],
  brand_content_waiting: none,
  applicants_waiting: none,
  trainings_completed: none,
  trainings_completion: none,
  series: [],
  top_members: [],
  top_teams: [],
  top_content: [],
};

const admin = buildUser({ first_name: 'Margaret', last_name: 'Hamilton', role: 'ADMIN' });

describe('Admin pages', () => {
  // The badges page lists the client's badges: none here.
  beforeEach(() => {
    server.use(http.get('/api/admin/badges', () => answer(AdminBadgesResponseSchema, { badges: [] })));
    // The dashboard (/admin) of a client where nothing happened yet.
    server.use(http.get('/api/admin/dashboard', () => answer(DashboardResponseSchema, EMPTY_DASHBOARD)));
    // Reporting (/admin/reporting) of a client where nothing happened yet.
    server.use(
      http.get('/api/admin/reports/:report', () =>
        answer(ReportResponseSchema, {
          report: 'participation',
          from: '2026-10-27',
          to: '2026-11-25',
          sort: 'completions',
          dir: 'desc',
          summary: {},
          series: { days: [], lines: [] },
          rows: [],
          total_rows: 0,
          next_cursor: null,
        }),
      ),
      http.get('/api/admin/projects', () => answer(AdminProjectsResponseSchema, { projects: [] })),
      http.get('/api/admin/teams', () => answer(AdminTeamsResponseSchema, { teams: [] })),
    );
  });

  it('on a 360 px phone, the page selector replaces the tabs and opens the page picked with a click', async () => {
    setViewport(360);
    expect(window.matchMedia('(min-width: 48rem)').matches).toBe(false);
    const { user, router } = renderApp('/admin', { session: admin });
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Admin pages' })).not.toBeInTheDocument();
    const selector = screen.getByRole('button', { name: 'Select a page' });
    expect(selector).toHaveTextContent('Dashboard');

    await user.click(selector);
    const options = await screen.findByRole('listbox');
    expect(within(options).getByRole('option', { name: 'Dashboard' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await user.click(within(options).getByRole('option', { name: 'Badges' }));

    expect(await screen.findByRole('heading', { name: 'Badges' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Dashboard' })).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin/badges');
    expect(screen.getByRole('button', { name: 'Select a page' })).toHaveTextContent('Badges');
    // The list closes with a 100 ms fade, which may outlast the page's arrival on a busy machine.
    await waitFor(() => expect(screen.queryByRole('listbox')).not.toBeInTheDocument());
  });

  it('on a 360 px phone, the page selector works by keyboard', async () => {
    setViewport(360);
    const { user, router } = renderApp('/admin/badges', { session: admin });
    await screen.findByRole('heading', { name: 'Badges' });

    screen.getByRole('button', { name: 'Select a page' }).focus();
    // Like a native select: the arrow key opens the list on the current page, End goes to the last one.
    await user.keyboard('{ArrowDown}');
    const options = await screen.findByRole('listbox');
    const current = within(options).getByRole('option', { name: 'Badges' });
    expect(options).toHaveAttribute('aria-activedescendant', current.id);
    await user.keyboard('{End}');
    const last = within(options).getByRole('option', { name: 'Reporting' });
    expect(options).toHaveAttribute('aria-activedescendant', last.id);
    await user.keyboard('{Enter}');

    expect(await screen.findByRole('heading', { name: 'Reporting' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin/reporting');
    expect(screen.getByRole('button', { name: 'Select a page' })).toHaveFocus();
  });

  it('on a 768 px tablet, the page selector stays (13 pages would wrap as tabs)', async () => {
    setViewport(768);
    renderApp('/admin', { session: admin });
    expect(await screen.findByRole('button', { name: 'Select a page' })).toHaveTextContent('Dashboard');
    expect(screen.queryByRole('navigation', { name: 'Admin pages' })).not.toBeInTheDocument();
  });

  it('on desktop, a side navigation with every page replaces the selector', async () => {
    setViewport(1280);
    const { user, router } = renderApp('/admin', { session: admin });
    const nav = await screen.findByRole('navigation', { name: 'Admin pages' });
    expect(screen.queryByRole('button', { name: 'Select a page' })).not.toBeInTheDocument();
    // Every admin page of this client (its features leave out Chat and E-Commerce), each a link in one column.
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual([
      'Dashboard',
      'General',
      'Projects',
      'Participation',
      'Badges',
      'Users',
      'Applicants',
      'Library',
      'Brand Safety',
      'Integrations',
      'Reporting',
    ]);
    expect(within(nav).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');

    // The Integrations page reads its single sign-on settings, what they pick from, and its API keys.
    server.use(
      http.get('/api/admin/scim-tokens', () =>
        answer(ScimTokensResponseSchema, { scim_tokens: [], base_url: null }),
      ),
      http.get('/api/admin/webhooks', () => answer(WebhooksResponseSchema, { webhooks: [] })),
      http.get('/api/admin/api-keys', () => answer(ApiKeysResponseSchema, { api_keys: [] })),
      http.get('/api/admin/sso', () =>
        answer(SsoSettingsResponseSchema, { sso: null, redirect_uri: null, saml_sp: null }),
      ),
      http.get('/api/admin/teams', () => answer(AdminTeamsResponseSchema, { teams: [] })),
      http.get('/api/admin/users', () => answer(AdminUsersResponseSchema, { users: [], next_cursor: null })),
    );
    await user.click(within(nav).getByRole('link', { name: 'Integrations' }));

    expect(await screen.findByRole('heading', { name: 'Integrations' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin/integrations');
    expect(within(nav).getByRole('link', { name: 'Integrations' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Dashboard' })).not.toHaveAttribute('aria-current');
  });
});

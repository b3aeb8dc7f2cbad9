import {
  type AdminBadge,
  AdminBadgeResponseSchema,
  AdminBadgesResponseSchema,
  type CreateBadgeRequest,
} from '@rally/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { buildUser, testId } from '../../../testing/data';
import { answer } from '../../../testing/handlers';
import { renderWithProviders } from '../../../testing/render';
import { receivedBodies, receivedRequests, server } from '../../../testing/server';
import { AdminBadgesPage } from './admin-badges-page';

const admin = buildUser({ role: 'ADMIN' });
const NOW = '2026-03-10T09:00:00.000Z';

function adminBadge(n: number, overrides: Partial<AdminBadge> = {}): AdminBadge {
  return {
    id: testId(200 + n),
    name: `Badge ${n}`,
    description: null,
    image_url: null,
    hidden: false,
    criterion: 'shares',
    period: null,
    activity_type: null,
    threshold: 3,
    tiers: null,
    summary: '3 shares',
    position: n,
    archived: false,
    earned_count: 0,
    recompute_percent: null,
    created_at: NOW,
    updated_at: NOW,
    ...overrides,
  };
}

function serveBadges(initial: AdminBadge[]) {
  let badges = initial;
  server.use(
    http.get('/api/admin/badges', () => answer(AdminBadgesResponseSchema, { badges })),
    http.put('/api/admin/badges/order', async ({ request }) => {
      const { ids } = (await request.json()) as { ids: string[] };
      badges = ids.map((id, position) => ({ ...badges.find((b) => b.id === id)!, position }));
      return answer(AdminBadgesResponseSchema, { badges });
    }),
    http.post('/api/admin/badges', async ({ request }) => {
      const body = (await request.json()) as CreateBadgeRequest;
      const badge = adminBadge(9, { name: body.name, criterion: body.criterion, recompute_percent: null });
      badges = [...badges, badge];
      return answer(AdminBadgeResponseSchema, { badge }, { status: 201 });
    }),
    http.patch('/api/admin/badges/:id', async ({ request, params }) => {
      const body = (await request.json()) as { archived?: boolean };
      badges = badges.map((b) => (b.id === params.id ? { ...b, archived: body.archived ?? b.archived } : b));
      return answer(AdminBadgeResponseSchema, { badge: badges.find((b) => b.id === params.id)! });
    }),
  );
}

const rowNames = () =>
  within(screen.getByRole('region', { name: 'Badges members can earn' }))
    .getAllByRole('heading', { level: 3 })
    .map((h) => h.textContent);

describe('admin badges', () => {
  it('reorders with keyboard-reachable move buttons', async () => {
    serveBadges([
      adminBadge(1, { name: 'First' }),
      adminBadge(2, { name: 'Second' }),
      adminBadge(3, { name: 'Third' }),
    ]);
    const { user } = renderWithProviders(<AdminBadgesPage />, { session: admin });
    expect(await screen.findByRole('heading', { name: 'First' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Move First up' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Move Third down' })).toBeDisabled();
    screen.getByRole('button', { name: 'Move First down' }).focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(rowNames()).toEqual(['Second', 'First', 'Third']));
    expect(await receivedBodies('PUT', '/api/admin/badges/order')).toEqual([
      { ids: [testId(202), testId(201), testId(203)] },
    ]);
  });

  it('checks the form before sending: a name, a target, ascending tiers', async () => {
    serveBadges([]);
    const { user } = renderWithProviders(<AdminBadgesPage />, { session: admin });
    await user.click(await screen.findByRole('button', { name: 'New badge' }));
    const dialog = await screen.findByRole('dialog', { name: 'New badge' });
    const target = within(dialog).getByRole('spinbutton', { name: 'Target' });
    await user.clear(target);
    await user.click(within(dialog).getByRole('button', { name: 'Create badge' }));
    expect(await within(dialog).findByText('name is required')).toBeInTheDocument();

    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Amplifier');
    await user.click(within(dialog).getByRole('button', { name: 'Create badge' }));
    expect(await within(dialog).findByText('threshold or tiers is required')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('radio', { name: 'Bronze, silver and gold' }));
    await user.type(within(dialog).getByRole('spinbutton', { name: 'Bronze' }), '5');
    await user.type(within(dialog).getByRole('spinbutton', { name: 'Silver' }), '5');
    await user.type(within(dialog).getByRole('spinbutton', { name: 'Gold' }), '9');
    await user.click(within(dialog).getByRole('button', { name: 'Create badge' }));
    expect(
      await within(dialog).findByText('tiers must be ascending: bronze < silver < gold'),
    ).toBeInTheDocument();
    expect(await receivedRequests('POST', '/api/admin/badges')).toEqual([]);

    await user.clear(within(dialog).getByRole('spinbutton', { name: 'Silver' }));
    await user.type(within(dialog).getByRole('spinbutton', { name: 'Silver' }), '7');
    await user.click(within(dialog).getByRole('checkbox', { name: /Hidden until earned/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Create badge' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'New badge' })).toBeNull());
    expect(await receivedBodies('POST', '/api/admin/badges')).toEqual([
      {
        name: 'Amplifier',
        description: '',
        image_url: null,
        hidden: true,
        criterion: 'shares',
        period: null,
        activity_type: null,
        threshold: null,
        tiers: { bronze: 5, silver: 7, gold: 9 },
      },
    ]);
    expect(await screen.findByRole('heading', { name: 'Amplifier' })).toBeInTheDocument();
  });

  it('archives only after confirmation', async () => {
    serveBadges([adminBadge(1, { name: 'Old' })]);
    const { user } = renderWithProviders(<AdminBadgesPage />, { session: admin });
    await user.click(await screen.findByRole('button', { name: 'Archive Old' }));
    const confirm = await screen.findByRole('dialog', { name: 'Archive Old?' });
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(await receivedRequests('PATCH')).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Archive Old' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Archive Old?' })).getByRole('button', {
        name: 'Archive',
      }),
    );
    expect(await screen.findByRole('region', { name: 'Archived' })).toBeInTheDocument();
    expect(await receivedBodies('PATCH', `/api/admin/badges/${testId(201)}`)).toEqual([{ archived: true }]);
  });
});

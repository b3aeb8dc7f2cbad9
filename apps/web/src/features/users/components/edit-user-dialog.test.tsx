import { type AdminTeam, type AdminUser, AdminUserResponseSchema } from '@rally/shared';
import { screen, waitFor } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { buildUser, testId } from '../../../testing/data';
import { answer } from '../../../testing/handlers';
import { renderWithProviders } from '../../../testing/render';
import { receivedBodies, server } from '../../../testing/server';
import { EditUserDialog } from './edit-user-dialog';

const NOW = '2026-03-10T09:00:00.000Z';
const team = (n: number, name: string): AdminTeam => ({
  id: testId(600 + n),
  name,
  description: null,
  image_url: null,
  is_discoverable: true,
  member_count: 1,
  created_at: NOW,
});
const sales = team(1, 'Sales');
const marketing = team(2, 'Marketing');
const target: AdminUser = {
  id: testId(700),
  email: 'sam@example.test',
  display_name: 'Sam Seller',
  image_url: null,
  role: 'USER',
  team_tags: [],
  teams: [
    { id: sales.id, name: 'Sales' },
    { id: marketing.id, name: 'Marketing' },
  ],
  is_active: true,
  status: 'active',
  created_at: NOW,
  invited_at: null,
  last_active_at: null,
  can_manage: true,
};

describe('edit user dialog', () => {
  it("shows a team lead only the roles and teams they may give, and sends only their teams' change", async () => {
    const lead = buildUser({ role: 'ANALYST', team_tags: [sales.id] });
    server.use(http.patch('/api/admin/users/:id', () => answer(AdminUserResponseSchema, { user: target })));
    const { user } = renderWithProviders(
      <EditUserDialog viewer={lead} target={target} teams={[sales, marketing]} onClose={() => {}} />,
      { session: lead },
    );
    expect(screen.getByRole('checkbox', { name: 'Sales' })).toBeChecked();
    expect(screen.queryByRole('checkbox', { name: 'Marketing' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /Role/ }));
    const options = (await screen.findAllByRole('option')).map((o) => o.textContent);
    expect(options.some((o) => /admin/i.test(o ?? ''))).toBe(false);
    await user.keyboard('{Escape}');

    await user.click(screen.getByRole('checkbox', { name: 'Sales' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(async () =>
      expect(await receivedBodies('PATCH', `/api/admin/users/${target.id}`)).toEqual([{ team_ids: [] }]),
    );
  });
});

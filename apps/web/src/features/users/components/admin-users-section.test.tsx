import { type AdminUser, AdminUserResponseSchema, AdminUsersResponseSchema } from '@rally/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { buildUser, testId } from '../../../testing/data';
import { answer, failure } from '../../../testing/handlers';
import { renderWithProviders } from '../../../testing/render';
import { receivedBodies, receivedRequests, server } from '../../../testing/server';
import { AdminUsersSection } from './admin-users-section';

const admin = buildUser({ role: 'ADMIN' });
const NOW = '2026-03-10T09:00:00.000Z';

function person(n: number, overrides: Partial<AdminUser> = {}): AdminUser {
  return {
    id: testId(300 + n),
    email: `person${n}@example.test`,
    display_name: `Person ${n}`,
    image_url: null,
    role: 'USER',
    team_tags: [],
    teams: [],
    is_active: true,
    status: 'active',
    created_at: NOW,
    invited_at: null,
    last_active_at: NOW,
    can_manage: true,
    ...overrides,
  };
}

function serveUsers(initial: AdminUser[]) {
  let users = initial;
  const update = (id: string, change: Partial<AdminUser>) => {
    users = users.map((u) => (u.id === id ? { ...u, ...change } : u));
    return answer(AdminUserResponseSchema, { user: users.find((u) => u.id === id)! });
  };
  server.use(
    http.get('/api/admin/users', () => answer(AdminUsersResponseSchema, { users, next_cursor: null })),
    http.post('/api/admin/users/:id/deactivate', ({ params }) =>
      update(String(params.id), { status: 'deactivated', is_active: false }),
    ),
    http.post('/api/admin/users/invitations', async ({ request }) => {
      const body = (await request.json()) as { email: string };
      if (body.email === 'taken@example.test') {
        return failure(409, 'Someone with this email already has an account or an invitation');
      }
      const user = person(9, { email: body.email, display_name: body.email, status: 'invited' });
      users = [user, ...users];
      return answer(AdminUserResponseSchema, { user }, { status: 201 });
    }),
  );
}

describe('admin users section', () => {
  it('shows each status and deactivates only after a confirmation', async () => {
    serveUsers([person(1), person(2, { status: 'invited', last_active_at: null })]);
    const { user } = renderWithProviders(<AdminUsersSection user={admin} teams={[]} />, { session: admin });
    const table = await screen.findByRole('table');
    expect(within(table).getByText('Invited')).toBeInTheDocument();
    expect(within(table).getByText('Never')).toBeInTheDocument();
    expect(
      within(table).getByRole('button', { name: 'Revoke the invitation of Person 2' }),
    ).toBeInTheDocument();

    await user.click(within(table).getByRole('button', { name: 'Deactivate Person 1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Deactivate Person 1?' });
    expect(await receivedRequests('POST', `/api/admin/users/${testId(301)}/deactivate`)).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    await waitFor(async () =>
      expect(await receivedRequests('POST', `/api/admin/users/${testId(301)}/deactivate`)).toHaveLength(1),
    );
    await waitFor(() =>
      expect(within(screen.getByRole('table')).getByText('Deactivated')).toBeInTheDocument(),
    );
    expect(
      within(screen.getByRole('table')).getByRole('button', { name: 'Reactivate Person 1' }),
    ).toBeInTheDocument();
  });

  it('invites by email: checks the address first, then shows the server’s refusal or sends', async () => {
    serveUsers([person(1)]);
    const { user } = renderWithProviders(<AdminUsersSection user={admin} teams={[]} />, { session: admin });
    await screen.findByRole('table');
    await user.click(screen.getByRole('button', { name: 'Invite' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite someone' });
    const email = within(dialog).getByLabelText('Email');
    await user.type(email, 'not an email');
    await user.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    expect(await within(dialog).findByText('Email must be a valid email address')).toBeInTheDocument();
    expect(await receivedRequests('POST', '/api/admin/users/invitations')).toHaveLength(0);

    await user.clear(email);
    await user.type(email, 'taken@example.test');
    await user.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    expect(
      await within(dialog).findByText('Someone with this email already has an account or an invitation'),
    ).toBeInTheDocument();

    await user.clear(email);
    await user.type(email, 'new@example.test');
    await user.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect((await receivedBodies('POST', '/api/admin/users/invitations')).at(-1)).toEqual({
      email: 'new@example.test',
      role: 'USER',
      team_ids: [],
    });
    expect(await screen.findAllByText('new@example.test')).not.toHaveLength(0);
  });

  it('offers no actions on people the viewer may not manage', async () => {
    const lead = buildUser({ role: 'ANALYST', team_tags: [testId(1)] });
    serveUsers([person(1, { can_manage: false }), person(2, { display_name: 'Mine' })]);
    renderWithProviders(<AdminUsersSection user={lead} teams={[]} />, { session: lead });
    const table = await screen.findByRole('table');
    expect(within(table).queryByRole('button', { name: 'Deactivate Person 1' })).not.toBeInTheDocument();
    expect(within(table).queryByRole('button', { name: 'Edit Person 1' })).not.toBeInTheDocument();
    expect(within(table).getByRole('button', { name: 'Deactivate Mine' })).toBeInTheDocument();
  });
});

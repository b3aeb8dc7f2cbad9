import { type AdminUser, OkResponseSchema } from '@rally/shared';
import { screen, waitFor } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { buildUser, testId } from '../../../testing/data';
import { answer } from '../../../testing/handlers';
import { renderWithProviders } from '../../../testing/render';
import { receivedBodies, server } from '../../../testing/server';
import { PersonalDataActions } from './personal-data-actions';

const NOW = '2026-03-10T09:00:00.000Z';
const target: AdminUser = {
  id: testId(710),
  email: 'rosa@example.test',
  display_name: 'Rosa Diaz',
  image_url: null,
  role: 'USER',
  team_tags: [],
  teams: [],
  is_active: true,
  status: 'active',
  created_at: NOW,
  invited_at: null,
  last_active_at: null,
  can_manage: true,
};

describe('personal data actions', () => {
  it('erases only after the member’s name is typed', async () => {
    const admin = buildUser({ role: 'ADMIN' });
    server.use(http.post('/api/admin/users/:id/erase', () => answer(OkResponseSchema, { ok: true })));
    const { user } = renderWithProviders(<PersonalDataActions viewer={admin} target={target} />, {
      session: admin,
    });
    await user.click(screen.getByRole('button', { name: 'Erase the personal data of Rosa Diaz' }));
    const dialog = await screen.findByRole('dialog', { name: 'Erase Rosa Diaz?' });
    const erase = screen.getByRole('button', { name: 'Erase' });
    expect(erase).toBeDisabled();
    await user.type(screen.getByRole('textbox', { name: 'Type Rosa Diaz to confirm' }), 'Rosa Diaz');
    expect(erase).toBeEnabled();
    await user.click(erase);
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(await receivedBodies('POST', `/api/admin/users/${target.id}/erase`)).toEqual([{ confirm: true }]);
  });

  it('is offered to admins only', () => {
    const lead = buildUser({ role: 'ANALYST' });
    renderWithProviders(<PersonalDataActions viewer={lead} target={target} />, { session: lead });
    expect(screen.queryByRole('button', { name: /Erase/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Export/ })).not.toBeInTheDocument();
  });
});

import { LoginResponseSchema } from '@rally/shared';
import { screen, waitFor } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { getToken } from '../../../lib/storage';
import { buildUser } from '../../../testing/data';
import { answer, failure } from '../../../testing/handlers';
import { renderWithProviders } from '../../../testing/render';
import { receivedBodies, server } from '../../../testing/server';
import { AcceptInvitationForm } from './accept-invitation-form';

describe('accept invitation form', () => {
  it('checks the passwords, shows a dead link and signs in with a good one', async () => {
    const invited = buildUser({ onboarded_at: null });
    server.use(
      http.post('/api/invitations/accept', async ({ request }) => {
        const body = (await request.json()) as { token: string };
        if (body.token === 'used') {
          return failure(
            400,
            'This invitation link is invalid or has expired. Ask the program admins for a new one.',
            'invalid_token',
          );
        }
        return answer(LoginResponseSchema, { user: invited, token: 'session-token' });
      }),
    );
    const { user, unmount } = renderWithProviders(<AcceptInvitationForm token="used" />);
    await user.type(screen.getByLabelText('Password'), 'short');
    await user.click(screen.getByRole('button', { name: 'Accept and sign in' }));
    expect(await screen.findByText(/Password must be at least/)).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Password'));
    await user.type(screen.getByLabelText('Password'), 'a-good-password');
    await user.type(screen.getByLabelText('Confirm password'), 'another-password');
    await user.click(screen.getByRole('button', { name: 'Accept and sign in' }));
    expect(await screen.findByText("The passwords don't match.")).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Confirm password'));
    await user.type(screen.getByLabelText('Confirm password'), 'a-good-password');
    await user.click(screen.getByRole('button', { name: 'Accept and sign in' }));
    expect(await screen.findByText(/invalid or has expired/)).toBeInTheDocument();
    unmount();

    const second = renderWithProviders(<AcceptInvitationForm token="fresh" />);
    await second.user.type(screen.getByLabelText('Password'), 'a-good-password');
    await second.user.type(screen.getByLabelText('Confirm password'), 'a-good-password');
    await second.user.click(screen.getByRole('button', { name: 'Accept and sign in' }));
    await waitFor(async () =>
      expect((await receivedBodies('POST', '/api/invitations/accept')).at(-1)).toEqual({
        token: 'fresh',
        password: 'a-good-password',
      }),
    );
    await waitFor(() => expect(getToken()).toBe('session-token'));
  });
});

import { LoginResponseSchema } from '@rally/shared';
import { useMutation } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { api } from '../../../lib/api-client';
import { STORAGE_KEYS } from '../../../lib/storage';
import { buildClient, buildUser } from '../../../testing/data';
import { answer, failure } from '../../../testing/handlers';
import { renderApp, renderWithProviders } from '../../../testing/render';
import { receivedRequests, server } from '../../../testing/server';
import GuestPrompt from './guest-prompt';

const open = buildClient({ features: [{ id: 'open' }, { id: 'community' }] });
const ghost = buildUser({
  client: open,
  email: null,
  first_name: null,
  last_name: null,
  is_ghost: true,
});

/** Any page's write: a plain mutation through the app's API client, as every feature makes them. */
function Writer() {
  const mutation = useMutation({ mutationFn: () => api.post('/api/posts', { body: 'Hello' }) });
  return (
    <button type="button" onClick={() => mutation.mutate()}>
      Post
    </button>
  );
}

describe('GuestPrompt', () => {
  it('asks a guest to create an account or log in before their write is sent at all', async () => {
    server.use(http.post('/api/posts', () => failure(500, 'must not be called')));
    const { user, router } = renderWithProviders(
      <>
        <Writer />
        <GuestPrompt />
      </>,
      { session: ghost, url: '/community/feed' },
    );

    await user.click(screen.getByRole('button', { name: 'Post' }));

    const dialog = await screen.findByRole('dialog', { name: 'Create an account to take part' });
    expect(dialog).toHaveTextContent('As a guest you can look around.');
    // Ask first, call nothing: the server never saw the write.
    expect(await receivedRequests('POST', '/api/posts')).toEqual([]);
    expect(screen.getByRole('link', { name: 'Log In' })).toHaveAttribute(
      'href',
      `/login?to=${encodeURIComponent('/community/feed')}`,
    );
    await user.click(screen.getByRole('link', { name: 'Create Account' }));
    expect(router.state.location.pathname).toBe('/create');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it("opens too when the server refuses a write as a guest's (the session turned into a guest's meanwhile)", async () => {
    server.use(http.post('/api/posts', () => failure(403, 'Create an account', 'guest_account_required')));
    const { user } = renderWithProviders(
      <>
        <Writer />
        <GuestPrompt />
      </>,
      { session: buildUser() },
    );
    await user.click(screen.getByRole('button', { name: 'Post' }));
    await screen.findByRole('dialog', { name: 'Create an account to take part' });
    expect(await receivedRequests('POST', '/api/posts')).toHaveLength(1);
    // The dialog's open state outlives a render (it listens from the moment its chunk loads): close it here.
    await user.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('stays closed for other refusals, and offers only Log In when the client is not open', async () => {
    server.use(http.post('/api/posts', () => failure(403, 'You are not allowed to do that')));
    const member = renderWithProviders(
      <>
        <Writer />
        <GuestPrompt />
      </>,
      { session: buildUser() },
    );
    await member.user.click(screen.getByRole('button', { name: 'Post' }));
    await receivedRequests('POST', '/api/posts');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    member.unmount();

    const closed = buildClient();
    const { user } = renderWithProviders(
      <>
        <Writer />
        <GuestPrompt />
      </>,
      { session: buildUser({ client: closed, email: null, is_ghost: true }) },
    );
    await user.click(screen.getByRole('button', { name: 'Post' }));
    await screen.findByRole('dialog', { name: 'Create an account to take part' });
    expect(screen.getByRole('link', { name: 'Log In' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Create Account' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});

describe('Browse as a guest', () => {
  it('is offered on /login with feature open, signs the guest in and goes to the return path', async () => {
    server.use(
      http.post('/api/guests', () =>
        answer(LoginResponseSchema, { user: ghost, token: 'guest-token' }, { status: 201 }),
      ),
    );
    const { user, router } = renderApp('/login?to=%2Fprojects', { client: open });

    await user.click(await screen.findByRole('button', { name: 'Browse as a guest' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/projects'));
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe('guest-token');
    expect(await receivedRequests('POST', '/api/guests')).toHaveLength(1);
  });

  it('is not offered without feature open', async () => {
    renderApp('/login');
    expect(await screen.findByRole('button', { name: 'Log in' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Browse as a guest' })).not.toBeInTheDocument();
  });
});

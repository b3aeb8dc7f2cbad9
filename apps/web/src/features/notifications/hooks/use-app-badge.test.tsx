import { NotificationsResponseSchema } from '@rally/shared';
import { act, screen, waitFor } from '@testing-library/react';
import { http } from 'msw';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildUser } from '../../../testing/data';
import { answer } from '../../../testing/handlers';
import { renderWithProviders } from '../../../testing/render';
import { server } from '../../../testing/server';
import { getNotificationsUnreadQueryKey } from '../api/query-keys';
import { useAppBadge } from './use-app-badge';

const user = buildUser();
const setAppBadge = vi.fn((_count?: number) => Promise.resolve());
const clearAppBadge = vi.fn(() => Promise.resolve());

/** The hook for a signed-in member, with a button that signs them out. */
function Badge() {
  const [userId, setUserId] = useState<string | null>(user.id);
  useAppBadge(userId, true);
  return (
    <button type="button" onClick={() => setUserId(null)}>
      Sign out
    </button>
  );
}

const unreadIs = (unread: number) =>
  server.use(
    http.get('/api/notifications', () =>
      answer(NotificationsResponseSchema, { notifications: [], next_cursor: null, unread }),
    ),
  );

afterEach(() => {
  delete (navigator as { setAppBadge?: unknown }).setAppBadge;
  delete (navigator as { clearAppBadge?: unknown }).clearAppBadge;
  setAppBadge.mockClear();
  clearAppBadge.mockClear();
});

describe('useAppBadge', () => {
  it('sets the icon badge to the unread count, follows each sync and clears it at zero or when signed out', async () => {
    Object.assign(navigator, { setAppBadge, clearAppBadge });
    unreadIs(3);
    const { queryClient, user: actor } = renderWithProviders(<Badge />, { session: user });
    await waitFor(() => expect(setAppBadge).toHaveBeenLastCalledWith(3));
    // Read on another device: the next sync of the count clears the badge.
    act(() => queryClient.setQueryData(getNotificationsUnreadQueryKey(user.id), 0));
    await waitFor(() => expect(clearAppBadge).toHaveBeenCalledTimes(1));
    act(() => queryClient.setQueryData(getNotificationsUnreadQueryKey(user.id), 2));
    await waitFor(() => expect(setAppBadge).toHaveBeenLastCalledWith(2));
    await actor.click(screen.getByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(clearAppBadge).toHaveBeenCalledTimes(2));
  });

  it('does nothing where the browser has no Badging API', async () => {
    unreadIs(1);
    const { queryClient } = renderWithProviders(<Badge />, { session: user });
    await waitFor(() => expect(queryClient.getQueryData(getNotificationsUnreadQueryKey(user.id))).toBe(1));
    expect(setAppBadge).not.toHaveBeenCalled();
  });
});

import { screen } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { buildUser } from '../../../testing/data';
import { renderWithProviders } from '../../../testing/render';
import { server } from '../../../testing/server';
import { NotificationSettingsPage } from './notification-settings-page';

describe('/notifications/settings', () => {
  it('offers integration alerts to admins only, who are the only ones to receive them', async () => {
    server.use(
      http.get('/api/notifications/preferences', () =>
        HttpResponse.json({ push_off: [], web_push_key: null }),
      ),
    );
    const member = renderWithProviders(<NotificationSettingsPage />, {
      session: buildUser({ role: 'USER' }),
    });
    expect(await screen.findByText('Badges')).toBeInTheDocument();
    expect(screen.queryByText('Integration alerts')).not.toBeInTheDocument();
    member.unmount();
    renderWithProviders(<NotificationSettingsPage />, { session: buildUser({ role: 'ADMIN' }) });
    expect(await screen.findByText('Integration alerts')).toBeInTheDocument();
  });
});

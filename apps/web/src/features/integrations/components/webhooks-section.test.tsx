import {
  AdminTeamsResponseSchema,
  AdminUsersResponseSchema,
  ApiKeysResponseSchema,
  OkResponseSchema,
  ScimTokensResponseSchema,
  SsoSettingsResponseSchema,
  type Webhook,
  WebhookDeliveriesResponseSchema,
  type WebhookDelivery,
  WebhookDeliveryResponseSchema,
  WebhookResponseSchema,
  WebhookSecretResponseSchema,
  WebhooksResponseSchema,
} from '@rally/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { buildUser, testId } from '../../../testing/data';
import { answer, failure } from '../../../testing/handlers';
import { renderWithProviders } from '../../../testing/render';
import { receivedBodies, receivedRequests, server } from '../../../testing/server';
import { AdminIntegrationsPage } from './admin-integrations-page';

const admin = buildUser({ role: 'ADMIN' });
const HOOK: Webhook = {
  id: testId(81),
  format: 'standard',
  url: 'https://hooks.example.com/rally',
  description: 'CRM',
  event_types: ['member.joined', 'badge.earned'],
  enabled: true,
  disabled_reason: null,
  disabled_at: null,
  failure_count: 0,
  previous_secret_expires_at: null,
  created_at: '2026-12-01T09:00:00.000Z',
  updated_at: '2026-12-01T09:00:00.000Z',
};
const DELIVERY: WebhookDelivery = {
  id: testId(82),
  event_type: 'webhook.test',
  status: 'failed',
  response_code: 500,
  error: null,
  attempt_count: 1,
  created_at: '2026-12-07T09:00:00.000Z',
  last_attempt_at: '2026-12-07T09:00:01.000Z',
  next_attempt_at: null,
  payload: { type: 'webhook.test', timestamp: '2026-12-07T09:00:00.000Z', data: { message: 'hello' } },
  attempts: [
    {
      id: testId(83),
      attempted_at: '2026-12-07T09:00:01.000Z',
      status: 'failed',
      response_code: 500,
      duration_ms: 42,
      response_excerpt: 'oops',
      error: null,
      trigger: 'scheduled',
    },
  ],
};

function serve(webhooks: Webhook[]) {
  server.use(
    http.get('/api/admin/sso', () =>
      answer(SsoSettingsResponseSchema, { redirect_uri: null, saml_sp: null, sso: null }),
    ),
    http.get('/api/admin/teams', () => answer(AdminTeamsResponseSchema, { teams: [] })),
    http.get('/api/admin/users', () => answer(AdminUsersResponseSchema, { users: [], next_cursor: null })),
    http.get('/api/admin/api-keys', () => answer(ApiKeysResponseSchema, { api_keys: [] })),
    http.get('/api/admin/scim-tokens', () =>
      answer(ScimTokensResponseSchema, { scim_tokens: [], base_url: null }),
    ),
    http.get('/api/admin/webhooks', () => answer(WebhooksResponseSchema, { webhooks })),
  );
}

describe('/admin/integrations webhooks', () => {
  it('adds an endpoint with the events chosen and shows its secret once', async () => {
    serve([]);
    server.use(
      http.post('/api/admin/webhooks', () =>
        answer(WebhookSecretResponseSchema, { webhook: HOOK, secret: 'whsec_c2VjcmV0' }, { status: 201 }),
      ),
    );
    const { user } = renderWithProviders(<AdminIntegrationsPage />, { session: admin });
    expect(await screen.findByText(/No endpoints yet/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add endpoint' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a webhook endpoint' });
    await user.type(within(dialog).getByLabelText('Endpoint URL'), 'https://hooks.example.com/rally');
    await user.type(within(dialog).getByLabelText('Description'), 'CRM');
    // All events are chosen at first; leave out six.
    for (const name of [
      /The weekly leaderboard/,
      /New Project/,
      /New activity/,
      /A participation was submitted/,
      /A submission was approved/,
      /A shared link was clicked/,
    ])
      await user.click(within(dialog).getByRole('checkbox', { name }));
    serve([HOOK]);
    await user.click(within(dialog).getByRole('button', { name: 'Add endpoint' }));
    expect(await screen.findByTestId('webhook-secret')).toHaveTextContent('whsec_c2VjcmV0');
    expect(await receivedBodies('POST', '/api/admin/webhooks')).toEqual([
      {
        url: 'https://hooks.example.com/rally',
        description: 'CRM',
        event_types: ['member.joined', 'badge.earned'],
        format: 'standard',
      },
    ]);
    const list = await screen.findByRole('list', { name: 'Endpoints' });
    expect(within(list).getByText('https://hooks.example.com/rally')).toBeInTheDocument();
    expect(within(list).getByText('A badge was earned')).toBeInTheDocument();
  });

  it("keeps the form open with the server's reason when the address is refused", async () => {
    serve([]);
    server.use(
      http.post('/api/admin/webhooks', () =>
        failure(400, 'This address is private: webhooks only reach public hosts'),
      ),
    );
    const { user } = renderWithProviders(<AdminIntegrationsPage />, { session: admin });
    await user.click(await screen.findByRole('button', { name: 'Add endpoint' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a webhook endpoint' });
    await user.type(within(dialog).getByLabelText('Endpoint URL'), 'https://10.0.0.1/hook');
    await user.click(within(dialog).getByRole('button', { name: 'Add endpoint' }));
    expect(
      await within(dialog).findByText('This address is private: webhooks only reach public hosts'),
    ).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Endpoint URL')).toHaveValue('https://10.0.0.1/hook');
  });

  it('sends a test, shows the delivery log with its attempts and resends a delivery', async () => {
    serve([HOOK]);
    server.use(
      http.post(`/api/admin/webhooks/${HOOK.id}/test`, () =>
        answer(WebhookDeliveryResponseSchema, { delivery: { ...DELIVERY, status: 'pending', attempts: [] } }),
      ),
      http.get(`/api/admin/webhooks/${HOOK.id}/deliveries`, () =>
        answer(WebhookDeliveriesResponseSchema, { deliveries: [DELIVERY], next_cursor: null }),
      ),
      http.post(`/api/admin/webhooks/${HOOK.id}/deliveries/${DELIVERY.id}/resend`, () =>
        answer(WebhookDeliveryResponseSchema, { delivery: { ...DELIVERY, status: 'pending' } }),
      ),
    );
    const { user } = renderWithProviders(<AdminIntegrationsPage />, { session: admin });
    await user.click(await screen.findByRole('button', { name: 'Send test' }));
    expect(await screen.findByText('Test sent: see the delivery log')).toBeInTheDocument();
    expect(await receivedRequests('POST', `/api/admin/webhooks/${HOOK.id}/test`)).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Delivery log' }));
    const dialog = await screen.findByRole('dialog', { name: 'Deliveries' });
    const row = await within(dialog).findByText('webhook.test');
    expect(within(dialog).getAllByText('Failed')[0]).toBeInTheDocument();
    await user.click(row);
    expect(within(dialog).getByRole('list', { name: 'Attempts' })).toHaveTextContent('HTTP 500');
    await user.click(within(dialog).getByRole('button', { name: 'Resend' }));
    expect(await screen.findByText('Sent again')).toBeInTheDocument();
    expect(
      await receivedRequests('POST', `/api/admin/webhooks/${HOOK.id}/deliveries/${DELIVERY.id}/resend`),
    ).toHaveLength(1);
  });

  it('shows an endpoint the server turned off, and asks before deleting one', async () => {
    serve([{ ...HOOK, enabled: false, disabled_reason: 'failing', failure_count: 10 }]);
    server.use(http.delete(`/api/admin/webhooks/${HOOK.id}`, () => answer(OkResponseSchema, { ok: true })));
    const { user } = renderWithProviders(<AdminIntegrationsPage />, { session: admin });
    expect(await screen.findByText('Turned off: failing')).toBeInTheDocument();
    expect(screen.getByText(/Turned off after 10 deliveries in a row failed for good/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send test' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: `Actions for ${HOOK.url}` }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    expect(await screen.findByRole('dialog', { name: 'Delete this endpoint?' })).toBeInTheDocument();
  });
});

describe('/admin/integrations channel notifications', () => {
  const CHANNEL: Webhook = {
    ...HOOK,
    id: testId(85),
    format: 'slack',
    url: 'https://hooks.slack.com/services/…3f9a',
    description: '#launches',
    event_types: ['project.created', 'badge.earned'],
  };

  it('connects a Slack channel with the events a channel may be posted, and lists it apart from the endpoints', async () => {
    serve([]);
    server.use(
      http.post('/api/admin/webhooks', () =>
        answer(WebhookSecretResponseSchema, { webhook: CHANNEL, secret: 'whsec_c2VjcmV0' }, { status: 201 }),
      ),
    );
    const { user } = renderWithProviders(<AdminIntegrationsPage />, { session: admin });
    expect(await screen.findByText(/No channel connected yet/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Connect a channel' }));
    const dialog = await screen.findByRole('dialog', { name: 'Connect a channel' });
    await user.click(within(dialog).getByRole('radio', { name: /Slack/ }));
    await user.type(
      within(dialog).getByLabelText('Incoming webhook URL'),
      'https://hooks.slack.com/services/T0/B0/3f9a',
    );
    await user.type(within(dialog).getByLabelText('Channel name'), '#launches');
    // Only what a channel may be posted is offered: no member's own doings.
    const events = within(dialog).getAllByRole('checkbox');
    expect(events).toHaveLength(4);
    expect(within(dialog).queryByRole('checkbox', { name: /A member joined/ })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('checkbox', { name: /New activity/ }));
    serve([HOOK, CHANNEL]);
    await user.click(within(dialog).getByRole('button', { name: 'Connect a channel' }));
    expect(await screen.findByText('Channel connected')).toBeInTheDocument();
    // No secret to keep: a channel is posted through its own address.
    expect(screen.queryByTestId('webhook-secret')).not.toBeInTheDocument();
    expect(await receivedBodies('POST', '/api/admin/webhooks')).toEqual([
      {
        url: 'https://hooks.slack.com/services/T0/B0/3f9a',
        description: '#launches',
        event_types: ['project.created', 'badge.earned', 'leaderboard.weekly'],
        format: 'slack',
      },
    ]);
    const channels = await screen.findByRole('list', { name: 'Channels' });
    expect(within(channels).getByText(CHANNEL.url)).toBeInTheDocument();
    expect(within(channels).queryByText(HOOK.url)).not.toBeInTheDocument();
    const endpoints = screen.getByRole('list', { name: 'Endpoints' });
    expect(within(endpoints).queryByText(CHANNEL.url)).not.toBeInTheDocument();
    // Nothing to rotate for a channel.
    await user.click(within(channels).getByRole('button', { name: `Actions for ${CHANNEL.url}` }));
    expect(await screen.findByRole('menuitem', { name: 'Delete' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: /Rotate/ })).not.toBeInTheDocument();
  });

  it('changes a channel without its address, which stays as connected', async () => {
    serve([CHANNEL]);
    server.use(
      http.patch(`/api/admin/webhooks/${CHANNEL.id}`, () =>
        answer(WebhookResponseSchema, { webhook: CHANNEL }),
      ),
    );
    const { user } = renderWithProviders(<AdminIntegrationsPage />, { session: admin });
    const channels = await screen.findByRole('list', { name: 'Channels' });
    await user.click(within(channels).getByRole('button', { name: `Actions for ${CHANNEL.url}` }));
    await user.click(await screen.findByRole('menuitem', { name: 'Change' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change the channel' });
    expect(within(dialog).getByLabelText('Incoming webhook URL')).toHaveValue('');
    expect(
      within(dialog).getByText(`Connected to ${CHANNEL.url}. Leave empty to keep it, or paste a new URL.`),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Save endpoint' }));
    await waitFor(async () =>
      expect(await receivedBodies('PATCH', `/api/admin/webhooks/${CHANNEL.id}`)).toHaveLength(1),
    );
    const [body] = (await receivedBodies('PATCH', `/api/admin/webhooks/${CHANNEL.id}`)) as Record<
      string,
      unknown
    >[];
    expect(body).toEqual({ description: '#launches', event_types: ['project.created', 'badge.earned'] });
  });
});

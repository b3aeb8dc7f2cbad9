import {
  AdminTeamsResponseSchema,
  AdminUsersResponseSchema,
  type ApiKey,
  ApiKeysResponseSchema,
  CreatedApiKeyResponseSchema,
  OkResponseSchema,
  ScimTokensResponseSchema,
  SsoSettingsResponseSchema,
  WebhooksResponseSchema,
} from '@rally/shared';
import { screen, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { buildUser, testId } from '../../../testing/data';
import { answer, failure } from '../../../testing/handlers';
import { renderWithProviders } from '../../../testing/render';
import { receivedBodies, server } from '../../../testing/server';
import { AdminIntegrationsPage } from './admin-integrations-page';

const admin = buildUser({ role: 'ADMIN' });
const HR: ApiKey = {
  id: testId(71),
  name: 'HR sync',
  scope: 'read',
  prefix: 'rally_Ab12',
  created_at: '2026-11-02T09:00:00.000Z',
  last_used_at: null,
  revoked_at: null,
};
const OLD: ApiKey = { ...HR, id: testId(72), name: 'Old warehouse', revoked_at: '2026-11-20T09:00:00.000Z' };

function serve(keys: ApiKey[]) {
  server.use(
    http.get('/api/admin/sso', () =>
      answer(SsoSettingsResponseSchema, { redirect_uri: null, saml_sp: null, sso: null }),
    ),
    http.get('/api/admin/teams', () => answer(AdminTeamsResponseSchema, { teams: [] })),
    http.get('/api/admin/users', () => answer(AdminUsersResponseSchema, { users: [], next_cursor: null })),
    http.get('/api/admin/scim-tokens', () =>
      answer(ScimTokensResponseSchema, { scim_tokens: [], base_url: null }),
    ),
    http.get('/api/admin/webhooks', () => answer(WebhooksResponseSchema, { webhooks: [] })),
    http.get('/api/admin/api-keys', () => answer(ApiKeysResponseSchema, { api_keys: keys })),
  );
}

describe('/admin/integrations API keys', () => {
  it('lists the keys by name, scope and first characters, and revoked ones without a Revoke button', async () => {
    serve([HR, OLD]);
    renderWithProviders(<AdminIntegrationsPage />, { session: admin });
    const list = await screen.findByRole('list', { name: 'Keys' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByText('HR sync')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('Read only')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('rally_Ab12…')).toBeInTheDocument();
    expect(within(rows[0]!).getByText(/Never used/)).toBeInTheDocument();
    expect(within(rows[0]!).getByRole('button', { name: 'Revoke HR sync' })).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Revoked')).toBeInTheDocument();
    expect(within(rows[1]!).queryByRole('button')).not.toBeInTheDocument();
  });

  it('creates a key and shows its token once, until Done', async () => {
    serve([]);
    server.use(
      http.post('/api/admin/api-keys', () =>
        answer(
          CreatedApiKeyResponseSchema,
          { api_key: { ...HR, name: 'Warehouse', scope: 'read_write' }, token: 'rally_secret-token' },
          { status: 201 },
        ),
      ),
    );
    const { user } = renderWithProviders(<AdminIntegrationsPage />, { session: admin });
    expect(await screen.findByText(/No keys yet/)).toBeInTheDocument();
    await user.type(screen.getByLabelText('Key name'), 'Warehouse');
    await user.click(screen.getByRole('radio', { name: /Read and write/ }));
    serve([{ ...HR, name: 'Warehouse', scope: 'read_write' }]);
    await user.click(screen.getByRole('button', { name: 'Create key' }));
    expect(await screen.findByText('rally_secret-token')).toBeInTheDocument();
    expect(screen.getByText('“Warehouse” is ready')).toBeInTheDocument();
    expect(await receivedBodies('POST', '/api/admin/api-keys')).toEqual([
      { name: 'Warehouse', scope: 'read_write' },
    ]);
    expect(screen.getByLabelText('Key name')).toHaveValue('');
    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(screen.queryByText('rally_secret-token')).not.toBeInTheDocument();
  });

  it("shows the server's refusal and keeps the name typed", async () => {
    serve([]);
    server.use(http.post('/api/admin/api-keys', () => failure(400, 'Name is required')));
    const { user } = renderWithProviders(<AdminIntegrationsPage />, { session: admin });
    await user.type(await screen.findByLabelText('Key name'), '   ');
    await user.click(screen.getByRole('button', { name: 'Create key' }));
    expect(await screen.findByText('Name is required')).toBeInTheDocument();
    expect(screen.getByLabelText('Key name')).toHaveValue('   ');
  });

  it('asks before revoking a key', async () => {
    serve([HR]);
    server.use(http.delete('/api/admin/api-keys/:id', () => answer(OkResponseSchema, { ok: true })));
    const { user } = renderWithProviders(<AdminIntegrationsPage />, { session: admin });
    await user.click(await screen.findByRole('button', { name: 'Revoke HR sync' }));
    const dialog = await screen.findByRole('dialog', { name: 'Revoke “HR sync”?' });
    serve([{ ...HR, revoked_at: '2026-12-07T09:00:00.000Z' }]);
    await user.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    expect(await screen.findByText('“HR sync” is revoked')).toBeInTheDocument();
    expect(await receivedBodies('DELETE', `/api/admin/api-keys/${HR.id}`)).toHaveLength(1);
    expect(await screen.findByText('Revoked')).toBeInTheDocument();
  });
});

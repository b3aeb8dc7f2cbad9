import { CreatedScimTokenResponseSchema, type ScimToken, type ScimTokensResponse } from '@rally/shared';
import { screen, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { buildUser, testId } from '../../../testing/data';
import { answer } from '../../../testing/handlers';
import { renderWithProviders } from '../../../testing/render';
import { receivedBodies, server } from '../../../testing/server';
import { ScimSection } from './scim-section';

const admin = buildUser({ role: 'ADMIN' });
const ENTRA: ScimToken = {
  id: testId(91),
  name: 'Entra ID',
  prefix: 'rally_scim_Ab',
  created_at: '2026-12-01T09:00:00.000Z',
  last_used_at: '2026-12-07T08:00:00.000Z',
  revoked_at: null,
};
const DATA: ScimTokensResponse = { scim_tokens: [ENTRA], base_url: 'https://demo.example.com/scim/v2' };

describe('/admin/integrations provisioning (SCIM)', () => {
  it('shows the base URL and the tokens, and makes a token shown once', async () => {
    server.use(
      http.post('/api/admin/scim-tokens', () =>
        answer(
          CreatedScimTokenResponseSchema,
          { scim_token: { ...ENTRA, id: testId(92), name: 'Okta' }, token: 'rally_scim_secret' },
          { status: 201 },
        ),
      ),
    );
    const { user } = renderWithProviders(<ScimSection userId={admin.id} data={DATA} />, { session: admin });
    expect(screen.getByTestId('scim-base-url')).toHaveTextContent('https://demo.example.com/scim/v2');
    const list = screen.getByRole('list', { name: 'Tokens' });
    expect(within(list).getByText('Entra ID')).toBeInTheDocument();
    expect(within(list).getByText(/rally_scim_Ab…/)).toBeInTheDocument();
    await user.type(screen.getByLabelText('Token name'), 'Okta');
    await user.click(screen.getByRole('button', { name: 'Create token' }));
    expect(await screen.findByTestId('new-scim-token')).toHaveTextContent('rally_scim_secret');
    expect(await receivedBodies('POST', '/api/admin/scim-tokens')).toEqual([{ name: 'Okta' }]);
    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(screen.queryByTestId('new-scim-token')).not.toBeInTheDocument();
  });

  it('says where to add a domain when the client has none, and asks before revoking', async () => {
    const { user } = renderWithProviders(
      <ScimSection userId={admin.id} data={{ ...DATA, base_url: null }} />,
      { session: admin },
    );
    expect(screen.getByText(/Add a domain on the General tab first/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Revoke Entra ID' }));
    expect(await screen.findByRole('dialog', { name: 'Revoke “Entra ID”?' })).toHaveTextContent(
      /next provisioning call is refused/,
    );
  });
});

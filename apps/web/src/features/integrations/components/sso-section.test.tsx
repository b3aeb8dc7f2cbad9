import {
  AdminTeamsResponseSchema,
  AdminUsersResponseSchema,
  ApiKeysResponseSchema,
  OkResponseSchema,
  ScimTokensResponseSchema,
  type SsoSettingsResponse,
  SsoSettingsResponseSchema,
  WebhooksResponseSchema,
} from '@rally/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { buildClient, buildUser, testId } from '../../../testing/data';
import { answer, failure } from '../../../testing/handlers';
import { renderApp, renderWithProviders } from '../../../testing/render';
import { receivedBodies, server } from '../../../testing/server';
import { AdminIntegrationsPage } from './admin-integrations-page';

const admin = buildUser({ role: 'ADMIN' });
const REDIRECT = 'https://demo.example.com/api/sso/callback';
const SP = {
  entity_id: 'https://demo.example.com/api/sso/saml/metadata',
  acs_url: 'https://demo.example.com/api/sso/saml/acs',
  metadata_url: 'https://demo.example.com/api/sso/saml/metadata',
};
const SAVED: SsoSettingsResponse = {
  redirect_uri: REDIRECT,
  saml_sp: SP,
  sso: {
    protocol: 'oidc',
    saml: null,
    enabled: true,
    mode: 'optional',
    display_name: 'Demo Okta',
    issuer: 'https://demo.okta.com',
    client_id: 'rally',
    has_client_secret: true,
    scopes: 'openid email profile groups',
    allow_sign_up: true,
    email_domains: ['demo.example.com'],
    claims: {},
    group_rules: [{ group: 'sales', team_id: testId(41), role: null }],
    break_glass_user_id: null,
    updated_at: '2026-12-06T10:00:00.000Z',
  },
};

function serve(current: SsoSettingsResponse) {
  server.use(
    http.get('/api/admin/sso', () => answer(SsoSettingsResponseSchema, current)),
    http.get('/api/admin/teams', () =>
      answer(AdminTeamsResponseSchema, {
        teams: [
          {
            id: testId(41),
            name: 'Sales',
            description: null,
            image_url: null,
            is_discoverable: true,
            member_count: 3,
            created_at: '2026-01-01T00:00:00.000Z',
          },
        ],
      }),
    ),
    http.get('/api/admin/users', () => answer(AdminUsersResponseSchema, { users: [], next_cursor: null })),
    http.get('/api/admin/scim-tokens', () =>
      answer(ScimTokensResponseSchema, { scim_tokens: [], base_url: null }),
    ),
    http.get('/api/admin/webhooks', () => answer(WebhooksResponseSchema, { webhooks: [] })),
    http.get('/api/admin/api-keys', () => answer(ApiKeysResponseSchema, { api_keys: [] })),
  );
}

describe('/admin/integrations single sign-on', () => {
  it('shows the redirect URI and the saved settings, never the secret, and saves without it to keep it', async () => {
    serve(SAVED);
    server.use(http.put('/api/admin/sso', () => answer(SsoSettingsResponseSchema, SAVED)));
    const { user } = renderWithProviders(<AdminIntegrationsPage />, { session: admin });
    expect(await screen.findByText(REDIRECT)).toBeInTheDocument();
    expect(screen.getByText('Connect Acme to your company’s systems.')).toBeInTheDocument();
    expect(screen.getByLabelText('Issuer URL')).toHaveValue('https://demo.okta.com');
    expect(screen.getByLabelText('Client secret')).toHaveValue('');
    expect(
      screen.getByText('A secret is stored and never shown. Leave empty to keep it.'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Group 1')).toHaveValue('sales');

    await user.clear(screen.getByLabelText('Name'));
    await user.type(screen.getByLabelText('Name'), 'Demo SSO');
    await user.click(screen.getByRole('button', { name: 'Save single sign-on' }));
    await screen.findByText('Single sign-on saved');
    const [body] = (await receivedBodies('PUT', '/api/admin/sso')) as Record<string, unknown>[];
    expect(body).toMatchObject({
      display_name: 'Demo SSO',
      issuer: 'https://demo.okta.com',
      email_domains: ['demo.example.com'],
      group_rules: [{ group: 'sales', team_id: testId(41), role: null }],
      break_glass_user_id: null,
    });
    expect(body).not.toHaveProperty('client_secret');
  });

  it("shows the server's refusal and keeps what was typed", async () => {
    serve({ redirect_uri: REDIRECT, saml_sp: SP, sso: null });
    server.use(
      http.put('/api/admin/sso', () =>
        failure(400, 'Choose a break-glass admin who keeps a password before requiring single sign-on'),
      ),
    );
    const { user } = renderWithProviders(<AdminIntegrationsPage />, { session: admin });
    await user.type(await screen.findByLabelText('Name'), 'Corp');
    await user.type(screen.getByLabelText('Issuer URL'), 'https://corp.okta.com');
    await user.type(screen.getByLabelText('Client ID'), 'abc');
    await user.type(screen.getByLabelText('Client secret'), 's3cret');
    await user.click(screen.getByRole('radio', { name: /Company sign-in only/ }));
    await user.click(screen.getByRole('button', { name: 'Save single sign-on' }));
    expect(
      await screen.findByText(
        'Choose a break-glass admin who keeps a password before requiring single sign-on',
      ),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveValue('Corp');
    const [body] = (await receivedBodies('PUT', '/api/admin/sso')) as Record<string, unknown>[];
    expect(body).toMatchObject({ mode: 'required', client_secret: 's3cret', display_name: 'Corp' });
    // Nothing to remove before anything is saved.
    expect(screen.queryByRole('button', { name: 'Remove single sign-on' })).not.toBeInTheDocument();
  });

  it('asks before removing it', async () => {
    serve(SAVED);
    server.use(http.delete('/api/admin/sso', () => answer(OkResponseSchema, { ok: true })));
    const { user } = renderWithProviders(<AdminIntegrationsPage />, { session: admin });
    await user.click(await screen.findByRole('button', { name: 'Remove single sign-on' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove single sign-on?' });
    serve({ redirect_uri: REDIRECT, saml_sp: SP, sso: null });
    await user.click(within(dialog).getByRole('button', { name: 'Remove single sign-on' }));
    await screen.findByText('Single sign-on removed');
    expect(await receivedBodies('DELETE', '/api/admin/sso')).toHaveLength(1);
  });
});

describe('/admin/integrations single sign-on through SAML', () => {
  const SAML_SAVED: SsoSettingsResponse = {
    redirect_uri: REDIRECT,
    saml_sp: SP,
    sso: {
      ...SAVED.sso!,
      protocol: 'saml',
      display_name: 'Demo Entra',
      issuer: 'https://sts.windows.net/tenant/',
      client_id: null,
      has_client_secret: false,
      saml: {
        entity_id: 'https://sts.windows.net/tenant/',
        sso_url: 'https://login.microsoftonline.com/tenant/saml2',
        metadata_url: null,
        certificates: [
          {
            subject: 'CN=Microsoft Azure Federated SSO Certificate',
            fingerprint: 'AB:CD',
            expires_at: new Date(Date.now() + 10 * 86_400_000).toISOString(),
          },
        ],
      },
    },
  };

  it('shows what to register at the provider, and sends the pasted metadata XML', async () => {
    serve({ redirect_uri: REDIRECT, saml_sp: SP, sso: null });
    server.use(http.put('/api/admin/sso', () => answer(SsoSettingsResponseSchema, SAML_SAVED)));
    const { user } = renderWithProviders(<AdminIntegrationsPage />, { session: admin });
    await user.click(await screen.findByRole('radio', { name: /SAML 2\.0/ }));
    expect(screen.getByText(SP.entity_id)).toBeInTheDocument();
    expect(screen.getByText(SP.acs_url)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: "Download the app's SAML metadata" })).toHaveAttribute(
      'href',
      SP.metadata_url,
    );
    // OpenID Connect's fields are not asked for.
    expect(screen.queryByLabelText('Issuer URL')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Client secret')).not.toBeInTheDocument();
    await user.type(screen.getByLabelText('Name'), 'Demo Entra');
    const xml = '<EntityDescriptor entityID="https://sts.windows.net/tenant/"/>';
    await user.click(screen.getByLabelText('Metadata XML'));
    await user.paste(xml);
    await user.click(screen.getByRole('button', { name: 'Save single sign-on' }));
    await screen.findByText('Single sign-on saved');
    const [body] = (await receivedBodies('PUT', '/api/admin/sso')) as Record<string, unknown>[];
    expect(body).toMatchObject({ protocol: 'saml', display_name: 'Demo Entra', saml_metadata_xml: xml });
    for (const name of ['issuer', 'client_id', 'client_secret', 'scopes', 'saml_metadata_url'])
      expect(body).not.toHaveProperty(name);
    // The saved provider is shown, its certificate's coming expiry flagged.
    expect(await screen.findByText('https://login.microsoftonline.com/tenant/saml2')).toBeInTheDocument();
    expect(screen.getByText(/renew it at your provider/)).toBeInTheDocument();
  });

  it('keeps the saved provider on a save without metadata, and sends a metadata URL when given', async () => {
    serve(SAML_SAVED);
    server.use(http.put('/api/admin/sso', () => answer(SsoSettingsResponseSchema, SAML_SAVED)));
    const { user } = renderWithProviders(<AdminIntegrationsPage />, { session: admin });
    expect(await screen.findByRole('radio', { name: /SAML 2\.0/ })).toBeChecked();
    expect(screen.getByText('CN=Microsoft Azure Federated SSO Certificate')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save single sign-on' }));
    await screen.findByText('Single sign-on saved');
    const [kept] = (await receivedBodies('PUT', '/api/admin/sso')) as Record<string, unknown>[];
    expect(kept).toMatchObject({ protocol: 'saml' });
    expect(kept).not.toHaveProperty('saml_metadata_xml');
    expect(kept).not.toHaveProperty('saml_metadata_url');

    await user.type(screen.getByLabelText('Metadata URL'), 'https://login.example.com/metadata.xml');
    await user.click(screen.getByRole('button', { name: 'Save single sign-on' }));
    await waitFor(async () => expect(await receivedBodies('PUT', '/api/admin/sso')).toHaveLength(2));
    const [, byUrl] = (await receivedBodies('PUT', '/api/admin/sso')) as Record<string, unknown>[];
    expect(byUrl).toMatchObject({ saml_metadata_url: 'https://login.example.com/metadata.xml' });
  });
});

describe('/sso and the login page', () => {
  it('offers the company sign-in with the return path, and says why a sign-in did not finish', async () => {
    const client = buildClient({ name: 'Demo', sso: { name: 'Demo Okta', required: false } });
    renderApp('/sso?to=%2Fprojects&error=no_account', { client });
    const button = await screen.findByRole('link', { name: 'Sign in with Demo Okta' });
    expect(button).toHaveAttribute('href', '/api/sso/start?to=%2Fprojects');
    expect(
      screen.getByText('There is no Demo account for you yet. Ask your admins to invite you.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Log in with a password instead' })).toHaveAttribute(
      'href',
      '/login?to=%2Fprojects',
    );
  });

  it('finds the company sign-in by a work email where the client has none, and says when there is none', async () => {
    server.use(
      http.post('/api/sso/discover', () =>
        failure(404, 'No company sign-in is set up for elsewhere.example'),
      ),
    );
    const { user } = renderApp('/sso?to=%2Fchat', { client: buildClient({ name: 'Demo' }) });
    await user.type(await screen.findByLabelText('Work email'), 'ana@elsewhere.example');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('No company sign-in is set up for elsewhere.example')).toBeInTheDocument();
    expect(await receivedBodies('POST', '/api/sso/discover')).toEqual([
      { email: 'ana@elsewhere.example', to: '/chat' },
    ]);
    expect(screen.getByRole('link', { name: 'Log in with email' })).toHaveAttribute('href', '/login');
  });

  it('shows "Sign in with …" above the password form when the client has single sign-on', async () => {
    renderApp('/login?to=%2Fchat', { client: buildClient({ sso: { name: 'Acme Entra', required: true } }) });
    expect(await screen.findByRole('link', { name: 'Sign in with Acme Entra' })).toHaveAttribute(
      'href',
      '/api/sso/start?to=%2Fchat',
    );
    await waitFor(() => expect(screen.getByLabelText('Password')).toBeInTheDocument());
  });
});

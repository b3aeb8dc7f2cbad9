import {
  type ClientDomain,
  ClientDomainResponseSchema,
  ClientDomainsResponseSchema,
  OkResponseSchema,
  VerifyDomainResponseSchema,
} from '@rally/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { buildUser } from '../../../testing/data';
import { answer, failure } from '../../../testing/handlers';
import { renderWithProviders } from '../../../testing/render';
import { receivedRequests, server } from '../../../testing/server';
import { DomainsSection } from './domains-section';

const admin = buildUser({ role: 'ADMIN' });
const URL = '/api/admin/client/domains';

const domain = (host: string, over: Partial<ClientDomain> = {}): ClientDomain => ({
  host,
  display_host: host,
  is_primary: false,
  status: 'pending',
  verified_at: null,
  last_checked_at: null,
  last_error: null,
  created_at: '2026-11-25T06:00:00.000Z',
  records: [
    { type: 'TXT', name: `_rally-verification.${host}`, value: 'rally-verify-abc', purpose: 'verification' },
    { type: 'CNAME', name: host, value: 'app.rally.test', purpose: 'routing' },
  ],
  abilities: { can_verify: true, can_make_primary: false, can_remove: true },
  ...over,
});
const primary = domain('localhost', {
  is_primary: true,
  status: 'verified',
  verified_at: '2026-11-20T10:00:00.000Z',
  records: [],
  abilities: { can_verify: false, can_make_primary: false, can_remove: false },
});

describe('domains section', () => {
  it('lists domains with status and records, verifies with a clear result, adds and removes with confirmation', async () => {
    let domains = [primary, domain('community.example.com')];
    server.use(
      http.get(URL, () => answer(ClientDomainsResponseSchema, { domains, app_host: 'app.rally.test' })),
      http.post(`${URL}/community.example.com/verify`, () =>
        answer(VerifyDomainResponseSchema, {
          domain: domain('community.example.com', {
            last_checked_at: '2026-11-25T06:05:00.000Z',
            last_error: 'TXT record not found at _rally-verification.community.example.com',
          }),
          check: {
            verified: false,
            message: 'TXT record not found at _rally-verification.community.example.com',
            txt: {
              name: '_rally-verification.community.example.com',
              expected: 'rally-verify-abc',
              found: [],
              error: null,
            },
            routing: {
              name: 'community.example.com',
              expected: 'app.rally.test',
              found: [],
              error: null,
              ok: false,
            },
          },
        }),
      ),
      http.post(URL, async ({ request }) => {
        const { host } = (await request.json()) as { host: string };
        if (host === 'taken.example.com') {
          return failure(
            409,
            'This domain is already used by another program. Remove it there first, or choose another one.',
          );
        }
        const added = domain(host);
        domains = [...domains, added];
        return answer(ClientDomainResponseSchema, { domain: added }, { status: 201 });
      }),
      http.delete(`${URL}/community.example.com`, () => {
        domains = domains.filter((d) => d.host !== 'community.example.com');
        return answer(OkResponseSchema, { ok: true });
      }),
    );
    const { user } = renderWithProviders(<DomainsSection user={admin} />, { session: admin });

    const list = await screen.findByRole('list', { name: 'Your domains' });
    const [first, second] = within(list)
      .getAllByRole('listitem')
      .filter((li) => li.parentElement === list);
    expect(within(first!).getByText('Verified')).toBeInTheDocument();
    expect(within(first!).getByText('Primary')).toBeInTheDocument();
    expect(within(first!).queryByRole('button', { name: 'Remove' })).not.toBeInTheDocument();
    expect(within(second!).getByText('Waiting for DNS')).toBeInTheDocument();
    expect(within(second!).getByText('_rally-verification.community.example.com')).toBeInTheDocument();
    expect(within(second!).getByText('rally-verify-abc')).toBeInTheDocument();
    expect(within(second!).getByRole('button', { name: 'Copy TXT record value' })).toBeInTheDocument();
    expect(within(second!).getByRole('button', { name: 'Copy CNAME record name' })).toBeInTheDocument();

    await user.click(within(second!).getByRole('button', { name: 'Verify now' }));
    expect(
      await within(second!).findByText('TXT record not found at _rally-verification.community.example.com'),
    ).toBeInTheDocument();
    expect(
      within(second!).getByText(
        'No CNAME record was found for community.example.com yet: point it at app.rally.test so that visitors reach the app.',
      ),
    ).toBeInTheDocument();

    // The shared rule answers before any request; the server's 409 shows under the field.
    const input = screen.getByRole('textbox', { name: 'Domain' });
    await user.type(input, 'https://brand.example.com');
    await user.click(screen.getByRole('button', { name: 'Add domain' }));
    expect(
      await screen.findByText('Host must be the domain name only, without http:// or https://'),
    ).toBeInTheDocument();
    expect(await receivedRequests('POST', URL)).toEqual([]);
    await user.clear(input);
    await user.type(input, 'taken.example.com');
    await user.click(screen.getByRole('button', { name: 'Add domain' }));
    expect(
      await screen.findByText(
        'This domain is already used by another program. Remove it there first, or choose another one.',
      ),
    ).toBeInTheDocument();
    await user.clear(input);
    await user.type(input, 'brand.example.com');
    await user.click(screen.getByRole('button', { name: 'Add domain' }));
    expect(await within(list).findByRole('heading', { name: 'brand.example.com' })).toBeInTheDocument();

    await user.click(within(second!).getByRole('button', { name: 'Remove' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove community.example.com?' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove domain' }));
    await waitFor(() =>
      expect(screen.queryByRole('heading', { name: 'community.example.com' })).not.toBeInTheDocument(),
    );
    expect(await receivedRequests('DELETE', `${URL}/community.example.com`)).toHaveLength(1);
  });

  it('shows the error with a retry when the list cannot be read', async () => {
    server.use(http.get(URL, () => failure(500, 'Something went wrong on our side. Please try again.')));
    renderWithProviders(<DomainsSection user={admin} />, { session: admin });
    expect(
      await screen.findByText('Something went wrong on our side. Please try again.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});

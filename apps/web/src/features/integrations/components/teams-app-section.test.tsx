import { screen } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { buildClient } from '../../../testing/data';
import { failure } from '../../../testing/handlers';
import { renderWithProviders } from '../../../testing/render';
import { receivedRequests, server } from '../../../testing/server';
import { TeamsAppSection, teamsPackageName } from './teams-app-section';

describe('the Microsoft Teams app on /admin/integrations', () => {
  it('names the package after the client as the server does', () => {
    expect(teamsPackageName('Demo')).toBe('demo-teams-app.zip');
    expect(teamsPackageName('Acme & Co.')).toBe('acme-co-teams-app.zip');
    expect(teamsPackageName('Ñandú')).toBe('and-teams-app.zip');
    expect(teamsPackageName('東京')).toBe('app-teams-app.zip');
  });

  it('asks the server for the package and says why it could not make one', async () => {
    server.use(
      http.get('/api/admin/msteams/package', () =>
        failure(
          400,
          'Microsoft Teams opens only https addresses: serve http://acme.example over https first',
        ),
      ),
    );
    const { user } = renderWithProviders(<TeamsAppSection />, { client: buildClient({ name: 'Acme' }) });
    expect(screen.getByText(/Members find Acme under Apps/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Download the Teams app' }));
    expect(
      await screen.findByText(
        'Microsoft Teams opens only https addresses: serve http://acme.example over https first',
      ),
    ).toBeInTheDocument();
    expect(await receivedRequests('GET', '/api/admin/msteams/package')).toHaveLength(1);
  });
});

import { MyTeamsResponseSchema, TeamsDiscoverResponseSchema } from '@rally/shared';
import { screen, within } from '@testing-library/react';
import { http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { buildClient, buildUser } from '../../testing/data';
import { answer } from '../../testing/handlers';
import { renderApp } from '../../testing/render';
import { receivedRequests, server } from '../../testing/server';

// A white-label client (SPEC 6) with teams has no Feed and no Following tab; the server refuses its /api/feed.
const base = buildClient();
const whiteLabel = buildClient({
  has_teams: true,
  config: { ...base.config, white_label: true, community_variant: 'white_label' },
});
const crew = buildUser({ client: whiteLabel });

describe('Community of a client without a feed', () => {
  beforeEach(() => {
    server.use(
      http.get('/api/teams', () => answer(MyTeamsResponseSchema, { teams: [] })),
      http.get('/api/teams/discover', () => answer(TeamsDiscoverResponseSchema, { teams: [] })),
    );
  });

  it.each(['/community/feed', '/community/following', '/community'])(
    'opens %s on its first tab, selected, and never asks for a feed',
    async (url) => {
      const { router } = renderApp(url, { session: crew });
      const tabs = await screen.findByRole('navigation', { name: 'Community pages' });
      expect(router.state.location.pathname).toBe('/community/teams');
      expect(within(tabs).getByRole('link', { name: 'My Teams' })).toHaveAttribute('aria-current', 'page');
      expect(within(tabs).queryByRole('link', { name: 'Feed' })).not.toBeInTheDocument();
      expect(within(tabs).queryByRole('link', { name: 'Following' })).not.toBeInTheDocument();
      expect(screen.queryByRole('heading', { name: "This isn't available" })).not.toBeInTheDocument();
      expect(await receivedRequests('GET', '/api/feed')).toEqual([]);
    },
  );
});

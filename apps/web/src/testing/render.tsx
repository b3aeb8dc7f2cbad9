import { type Client, MeResponseSchema, type User } from '@rally/shared';
import type { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { http } from 'msw';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProvider } from '../app/provider';
import { routes } from '../app/router';
import { Toaster } from '../components/ui/toaster';
import { createQueryClient, ME_QUERY_KEY } from '../lib/query-client';
import { clearToken, setToken } from '../lib/storage';
import { buildClient } from './data';
import { answer, failure } from './handlers';
import { server } from './server';

export interface RenderOptions {
  /** The signed-in user, or null (the default) for a logged-out visitor. */
  session?: User | null;
  /** The client the page was served for: the session's client, else buildClient(). */
  client?: Client;
  /** The address the page is opened at (path, query). Default '/'. */
  url?: string;
}

/** The app's query cache rules, with nothing retried and nothing garbage-collected while a test runs. */
export function createTestQueryClient(): QueryClient {
  return createQueryClient({
    queries: { retry: false, gcTime: Number.POSITIVE_INFINITY },
    mutations: { retry: false },
  });
}

function renderRouter(
  router: ReturnType<typeof createMemoryRouter>,
  client: Client,
  queryClient: QueryClient,
) {
  const user = userEvent.setup();
  const result = render(
    <AppProvider client={client} queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { ...result, user, router, queryClient };
}

/**
 * Renders one component as the app would: the app's providers (i18n, the client, a fresh query cache, the error
 * boundary), a memory router at `url` (mounted on `path`, '*' by default, so its params can be read) and the
 * toasts. The session is already known (no GET /api/me). Returns Testing Library's queries, a `user` to type and
 * click with, the router (router.state.location) and the query cache.
 */
export function renderWithProviders(ui: ReactElement, options: RenderOptions & { path?: string } = {}) {
  const { session = null, url = '/', path = '*' } = options;
  const client = options.client ?? session?.client ?? buildClient();
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(ME_QUERY_KEY, session);
  const router = createMemoryRouter(
    [
      {
        path,
        element: (
          <>
            {ui}
            <Toaster />
          </>
        ),
      },
    ],
    { initialEntries: [url] },
  );
  return renderRouter(router, client, queryClient);
}

/**
 * Opens the whole app at `url`: every route, the shell with its session gates, header and navigation. A signed-in
 * visitor has a stored token and GET /api/me answers their session; a logged-out one has neither (the app asks
 * nothing then: a call of /api/me would fail the test with 401). The shell's own calls get the quiet answers of
 * appShellHandlers.
 */
export function renderApp(url: string, options: Omit<RenderOptions, 'url'> = {}) {
  const { session = null } = options;
  const client = options.client ?? session?.client ?? buildClient();
  if (session) setToken('test-session-token');
  else clearToken();
  server.use(
    http.get('/api/me', () =>
      session ? answer(MeResponseSchema, { user: session }) : failure(401, 'Please log in.'),
    ),
  );
  const router = createMemoryRouter(routes, { initialEntries: [url] });
  return renderRouter(router, client, createTestQueryClient());
}

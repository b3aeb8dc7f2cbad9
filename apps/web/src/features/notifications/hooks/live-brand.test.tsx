import { BootstrapResponseSchema, type Client } from '@rally/shared';
import { act, screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { applyClientStrings } from '../../../lib/language';
import { buildClient, buildUser } from '../../../testing/data';
import { answer } from '../../../testing/handlers';
import { renderApp } from '../../../testing/render';
import { receivedRequests, server } from '../../../testing/server';

/**
 * The browser's EventSource, which happy-dom lacks: it records the streams the app opens and lets the test deliver
 * what the server would send on them. Everything the app does with an event (GET /api/bootstrap through MSW, the
 * theme, the words) is the real code.
 */
class TestEventSource extends EventTarget {
  static opened: TestEventSource[] = [];
  readonly url: string;
  readonly withCredentials: boolean;
  isClosed = false;
  constructor(url: string, init?: EventSourceInit) {
    super();
    this.url = url;
    this.withCredentials = init?.withCredentials ?? false;
    TestEventSource.opened.push(this);
  }
  close() {
    this.isClosed = true;
  }
  /** The server sends `event: {type}`. */
  deliver(type: string) {
    act(() => {
      this.dispatchEvent(new MessageEvent(type, { data: '{}' }));
    });
  }
}

const served = buildClient();
const root = document.documentElement.style;

function serveBootstrap(client: Client) {
  server.use(http.get('/api/bootstrap', () => answer(BootstrapResponseSchema, { client })));
}
async function openStream(): Promise<TestEventSource> {
  await waitFor(() => expect(TestEventSource.opened.filter((s) => !s.isClosed)).toHaveLength(1));
  return TestEventSource.opened.find((s) => !s.isClosed)!;
}
const nav = () => screen.getByRole('navigation', { name: 'Main' });

beforeEach(() => {
  TestEventSource.opened = [];
  vi.stubGlobal('EventSource', TestEventSource);
});
afterEach(() => {
  vi.unstubAllGlobals();
  // The page and the i18n instance outlive a test: back to the client every test starts with.
  for (const name of [
    '--color-primary',
    '--color-secondary',
    '--color-primary-contrast',
    '--color-secondary-contrast',
  ])
    root.removeProperty(name);
  applyClientStrings(served);
});

describe('Live brand: client.updated on the live stream', () => {
  it("repaints an open tab in the admin's new colours, name and words without a reload", async () => {
    renderApp('/', { session: buildUser({ client: served }), client: served });
    const stream = await openStream();
    expect(stream.url).toBe('/api/notifications/stream');
    expect(stream.withCredentials).toBe(true);
    expect(
      within(await screen.findByRole('navigation', { name: 'Main' })).getByRole('link', { name: 'Projects' }),
    ).toBeInTheDocument();

    serveBootstrap(
      buildClient({
        name: 'Acme Live',
        config: { ...served.config, primary_color: '#1D4ED8', secondary_color: '#22C55E' },
        strings: { 'words.project': 'Campaign', 'words.projects': 'Campaigns' },
      }),
    );
    stream.deliver('client.updated');

    await waitFor(() => expect(root.getPropertyValue('--color-primary')).toBe('#1D4ED8'));
    expect(root.getPropertyValue('--color-secondary')).toBe('#22C55E');
    expect(await within(nav()).findByRole('link', { name: 'Campaigns' })).toBeInTheDocument();
    expect(within(nav()).queryByRole('link', { name: 'Projects' })).not.toBeInTheDocument();
    await waitFor(() => expect(document.title).toContain('Acme Live'));
    expect(await receivedRequests('GET', '/api/bootstrap')).toHaveLength(1);

    // Words the admin cleared fall back to the defaults at the next change.
    serveBootstrap(buildClient({ config: { ...served.config, primary_color: '#B91C1C' } }));
    stream.deliver('client.updated');

    await waitFor(() => expect(root.getPropertyValue('--color-primary')).toBe('#B91C1C'));
    expect(await within(nav()).findByRole('link', { name: 'Projects' })).toBeInTheDocument();
    // The stream stayed open: the brand changed in place, nothing reconnected or reloaded.
    expect(TestEventSource.opened).toHaveLength(1);
  });

  it('leaves the page as it is when the client did not change', async () => {
    renderApp('/', { session: buildUser({ client: served }), client: served });
    const stream = await openStream();
    await screen.findByRole('navigation', { name: 'Main' });
    serveBootstrap(served);

    stream.deliver('client.updated');

    await waitFor(async () => expect(await receivedRequests('GET', '/api/bootstrap')).toHaveLength(1));
    expect(root.getPropertyValue('--color-primary')).toBe('');
  });
});

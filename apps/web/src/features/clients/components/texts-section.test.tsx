import { BootstrapResponseSchema, ClientStringsResponseSchema } from '@rally/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { buildClient, buildUser } from '../../../testing/data';
import { answer, failure } from '../../../testing/handlers';
import { renderWithProviders } from '../../../testing/render';
import { receivedBodies, server } from '../../../testing/server';
import { TextsSection } from './texts-section';

const admin = buildUser({ role: 'ADMIN' });
const URL = '/api/admin/client/strings';

/** The server's words editor API, keeping what is saved (null clears), and a 400 for one refused key. */
function serveStrings(initial: Record<string, string>) {
  let stored = { ...initial };
  server.use(
    http.get(URL, () => answer(ClientStringsResponseSchema, { strings: stored })),
    http.patch(URL, async ({ request }) => {
      const body = (await request.json()) as { strings: Record<string, string | null> };
      if ('es:nav.community' in body.strings)
        return failure(400, 'strings.es:nav.community: is refused here', 'invalid_input');
      stored = { ...stored };
      for (const [key, value] of Object.entries(body.strings)) {
        if (value === null) delete stored[key];
        else stored[key] = value;
      }
      return answer(ClientStringsResponseSchema, { strings: stored });
    }),
    http.get('/api/bootstrap', () =>
      answer(BootstrapResponseSchema, { client: buildClient({ strings: stored }) }),
    ),
  );
}

describe('the words editor (texts and languages on /admin/general)', () => {
  it('lists the changed texts first, searches the app’s texts and saves an English override with its preview', async () => {
    serveStrings({ 'nav.profile': 'My page' });
    const { user } = renderWithProviders(<TextsSection user={admin} />, { session: admin });
    const section = await screen.findByRole('region', { name: 'Texts and languages' });
    expect(await within(section).findByText('nav.profile')).toBeInTheDocument();
    expect(within(section).getByRole('textbox', { name: 'Your text for nav.profile' })).toHaveValue(
      'My page',
    );

    await user.type(within(section).getByRole('searchbox', { name: 'Search texts' }), 'nav.home');
    const home = await within(section).findByRole('textbox', { name: 'Your text for nav.home' });
    expect(home).toHaveAttribute('placeholder', 'Home');
    await user.type(home, 'Start: $t(words.projects)');
    expect(within(section).getByText('Start: Projects')).toBeInTheDocument();
    expect(within(section).getByText('1 change not saved yet')).toBeInTheDocument();
    await user.click(within(section).getByRole('button', { name: 'Save texts' }));
    await waitFor(async () =>
      expect(await receivedBodies('PATCH', URL)).toEqual([
        { strings: { 'nav.home': 'Start: $t(words.projects)' } },
      ]),
    );
    expect(await screen.findByText('Texts saved')).toBeInTheDocument();
    expect(within(section).queryByText('1 change not saved yet')).not.toBeInTheDocument();
  });

  it('keeps Spanish overrides apart, clears one, and shows the server naming a refused key', async () => {
    serveStrings({ 'es:nav.home': 'Portada', 'nav.home': 'Start' });
    const { user } = renderWithProviders(<TextsSection user={admin} />, { session: admin });
    const section = await screen.findByRole('region', { name: 'Texts and languages' });
    await user.click(within(section).getByRole('radio', { name: 'Español' }));
    const home = await within(section).findByRole('textbox', { name: 'Your text for nav.home' });
    expect(home).toHaveValue('Portada');
    expect(home).toHaveAttribute('placeholder', 'Inicio');
    await user.click(within(section).getByRole('button', { name: "Use the app's text" }));
    expect(home).toHaveValue('');
    await user.type(within(section).getByRole('searchbox', { name: 'Search texts' }), 'nav.community');
    const feed = await within(section).findByRole('textbox', { name: 'Your text for nav.community' });
    await user.type(feed, 'Muro');
    await user.click(within(section).getByRole('button', { name: 'Save texts' }));
    await waitFor(async () =>
      expect(await receivedBodies('PATCH', URL)).toEqual([
        { strings: { 'es:nav.home': null, 'es:nav.community': 'Muro' } },
      ]),
    );
    expect(await within(section).findByText('strings.es:nav.community: is refused here')).toBeInTheDocument();
    // Nothing was lost: the changes are still there to fix and save again.
    expect(feed).toHaveValue('Muro');
    await user.click(within(section).getByRole('button', { name: 'Discard' }));
    expect(feed).toHaveValue('');
    expect(within(section).queryByRole('button', { name: 'Save texts' })).not.toBeInTheDocument();
  });
});

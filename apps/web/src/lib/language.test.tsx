import { CUSTOM_URL_MAX_LENGTH, emailError, validateCustomUrl } from '@rally/shared';
import { act, waitFor } from '@testing-library/react';
import { http } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { buildClient, buildUser } from '../testing/data';
import { renderWithProviders } from '../testing/render';
import { server } from '../testing/server';
import { api } from './api-client';
import { useUser } from './auth';
import { i18n, LOCALE_STORAGE_KEY } from './i18n';
import { applyClientStrings, setLanguage, useUserLanguage } from './language';
import { localizeServerMessage } from './language-core';
import { ME_QUERY_KEY } from './query-client';

const spanishOf = async (key: string) => {
  const { fetchStrings } = await import('../locales/strings');
  const tree = await fetchStrings('es', 'first');
  return key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], tree);
};

afterEach(async () => {
  await setLanguage('en');
  applyClientStrings(buildClient());
});

describe('switching the UI language at run time', () => {
  it('shows Spanish at once with <html lang="es">, English’s texts back when switched again', async () => {
    await setLanguage('es');
    expect(i18n.language).toBe('es');
    expect(document.documentElement.lang).toBe('es');
    expect(i18n.t('nav.home')).toBe(await spanishOf('nav.home'));
    await setLanguage('en');
    expect(document.documentElement.lang).toBe('en');
    expect(i18n.t('nav.home')).toBe('Home');
  });

  it('keeps the client’s overrides of the shown language winning, also after a live client change', async () => {
    applyClientStrings(buildClient({ strings: { 'nav.home': 'Start', 'es:nav.home': 'Portada' } }));
    expect(i18n.t('nav.home')).toBe('Start');
    await setLanguage('es');
    expect(i18n.t('nav.home')).toBe('Portada');
    applyClientStrings(buildClient({ strings: { 'nav.home': 'Start', 'es:nav.home': 'Bienvenida' } }));
    await waitFor(() => expect(i18n.t('nav.home')).toBe('Bienvenida'));
    applyClientStrings(buildClient({ strings: { 'nav.home': 'Start' } }));
    const inicio = String(await spanishOf('nav.home'));
    await waitFor(() => expect(i18n.t('nav.home')).toBe(inicio));
  });

  it('follows the session’s user: their language, remembered on the device; none chosen: the browser’s', async () => {
    const { queryClient } = renderWithProviders(<FollowLanguage />, { session: buildUser({ locale: 'es' }) });
    await waitFor(() => expect(i18n.language).toBe('es'));
    expect(localStorage.getItem(LOCALE_STORAGE_KEY)).toBe('es');
    act(() => queryClient.setQueryData(ME_QUERY_KEY, buildUser({ locale: null })));
    // happy-dom's browser speaks English.
    await waitFor(() => expect(i18n.language).toBe('en'));
    expect(localStorage.getItem(LOCALE_STORAGE_KEY)).toBeNull();
  });

  it('shows a known server message translated in another language, any other as the server sent it', async () => {
    expect(localizeServerMessage('You need to log in', i18n)).toBe('You need to log in');
    await setLanguage('es');
    i18n.addResourceBundle(
      'es',
      'common',
      { languages: { serverMessages: { needLogin: 'Inicia sesión' } } },
      true,
      true,
    );
    expect(localizeServerMessage('You need to log in', i18n)).toBe('Inicia sesión');
    expect(localizeServerMessage('first_name: must not be empty', i18n)).toBe(
      'first_name: must not be empty',
    );
    server.use(
      http.get('/api/anything', () => Response.json({ message: 'You need to log in' }, { status: 403 })),
    );
    await expect(api.get('/api/anything')).rejects.toMatchObject({ message: 'Inicia sesión', status: 403 });
  });

  it("shows the shared rules' messages with placeholders translated with their values, the most specific first", async () => {
    await setLanguage('es');
    expect(localizeServerMessage(validateCustomUrl('x'.repeat(CUSTOM_URL_MAX_LENGTH + 1))!, i18n)).toBe(
      `La URL personalizada debe tener ${CUSTOM_URL_MAX_LENGTH} caracteres o menos`,
    );
    expect(localizeServerMessage(emailError('nope')!, i18n)).toBe('El correo debe ser una dirección válida');
    // A question's label, written by the client's admins, is kept as it is.
    expect(localizeServerMessage('Tu ciudad must be 80 characters or less', i18n)).toBe(
      'Tu ciudad: máximo 80 caracteres',
    );
    expect(localizeServerMessage('Please agree to continue: Términos', i18n)).toBe(
      'Acepta para continuar: Términos',
    );
    expect(localizeServerMessage('questions.label is required!', i18n)).toBe('questions.label is required!');
  });

  it("shows a message naming a project or a team in the client's words of the shown language (issue 23)", async () => {
    const acme = buildClient({
      strings: {
        'words.project': 'Mission',
        'words.team': 'Squad',
        'words.teams': 'Squads',
        'es:words.project': 'Misión',
      },
    });
    applyClientStrings(acme);
    await setLanguage('es');
    // The server said Acme's English word; the translation says Acme's Spanish one, or its English word where it
    // has none in Spanish.
    expect(localizeServerMessage('This Mission has ended', i18n, acme)).toBe('Este Misión ya terminó');
    expect(localizeServerMessage('Mission not found', i18n, acme)).toBe('No se encontró este Misión');
    expect(localizeServerMessage('You can only message members of your Squads', i18n, acme)).toBe(
      'Solo puedes escribir a miembros de tus Squads',
    );
    expect(localizeServerMessage('Squad not found', i18n, acme)).toBe('No se encontró este Squad');
    // Another client's word is not this client's: the message is shown as sent.
    expect(localizeServerMessage('Crew not found', i18n, acme)).toBe('Crew not found');
    // Through the API client, with the app's own client.
    server.use(
      http.get('/api/anything', () => Response.json({ message: 'This Mission has ended' }, { status: 409 })),
    );
    await expect(api.get('/api/anything')).rejects.toMatchObject({ message: 'Este Misión ya terminó' });
  });
});

/** The shell's background services' part that keeps the UI in the session user's language. */
function FollowLanguage() {
  useUserLanguage(useUser());
  return null;
}

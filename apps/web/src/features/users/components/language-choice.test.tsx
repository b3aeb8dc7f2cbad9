import { MeResponseSchema } from '@rally/shared';
import { screen, waitFor } from '@testing-library/react';
import { http } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { useUser } from '../../../lib/auth';
import { i18n } from '../../../lib/i18n';
import { setLanguage } from '../../../lib/language';
import { buildUser } from '../../../testing/data';
import { answer } from '../../../testing/handlers';
import { renderWithProviders } from '../../../testing/render';
import { receivedBodies, server } from '../../../testing/server';
import { LanguageChoice } from './language-choice';

afterEach(() => setLanguage('en'));

/** The choice as /profile shows it: for the session's user, replaced in the cache once saved. */
function ProfileLanguage() {
  const member = useUser();
  return member ? <LanguageChoice user={member} /> : null;
}

describe('the language choice on /profile', () => {
  it('shows the browser’s language until the member chooses, then saves the choice and switches at once', async () => {
    const member = buildUser({ locale: null });
    server.use(
      http.patch('/api/me', async ({ request }) => {
        const body = (await request.json()) as { locale: 'en' | 'es' };
        return answer(MeResponseSchema, { user: { ...member, locale: body.locale } });
      }),
    );
    const { user } = renderWithProviders(<ProfileLanguage />, { session: member });
    expect(screen.getByRole('radiogroup', { name: 'App language' })).toBeInTheDocument();
    // happy-dom's browser speaks English.
    expect(screen.getByRole('radio', { name: 'English' })).toBeChecked();
    expect(screen.getByText('Español')).toHaveAttribute('lang', 'es');
    await user.click(screen.getByRole('radio', { name: 'Español' }));
    await waitFor(() => expect(document.documentElement.lang).toBe('es'));
    expect(await receivedBodies('PATCH', '/api/me')).toEqual([{ locale: 'es' }]);
    expect(i18n.language).toBe('es');
    await waitFor(() => expect(screen.getByRole('radio', { name: 'Español' })).toBeChecked());
    // The page's own words are Spanish now.
    expect(screen.queryByRole('radiogroup', { name: 'App language' })).not.toBeInTheDocument();
  });
});

import { CUSTOM_URL_MAX_LENGTH, CustomUrlResponseSchema } from '@rally/shared';
import { screen, waitFor } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { buildUser } from '../../../testing/data';
import { answer, failure } from '../../../testing/handlers';
import { renderWithProviders } from '../../../testing/render';
import { receivedBodies, server } from '../../../testing/server';
import { CustomUrlSection } from './custom-url-section';

const admin = buildUser({ role: 'ADMIN' });

describe('custom URL section', () => {
  it("checks SPEC 5's rule with its messages, shows the server's 409 and saves", async () => {
    server.use(
      http.get('/api/admin/client/custom-url', () =>
        answer(CustomUrlResponseSchema, { custom_url: null, addresses: { path: null, subdomain: null } }),
      ),
      http.put('/api/admin/client/custom-url', async ({ request }) => {
        const body = (await request.json()) as { custom_url: string };
        if (body.custom_url === 'taken') {
          return failure(409, 'This custom URL is already taken by another program. Choose another one.');
        }
        const slug = body.custom_url.trim();
        return answer(CustomUrlResponseSchema, {
          custom_url: slug,
          addresses: { path: `http://app.test/c/${slug}`, subdomain: `http://${slug}.app.test` },
        });
      }),
    );
    const { user } = renderWithProviders(<CustomUrlSection user={admin} />, { session: admin });
    const input = await screen.findByRole('textbox', { name: 'Custom URL' });
    const save = screen.getByRole('button', { name: 'Save custom URL' });
    await user.type(input, 'x');
    await user.clear(input);
    // Emptying the field says so at once (SPEC 5), whether or not Save can be pressed.
    expect(await screen.findByText('Custom URL is required')).toBeInTheDocument();
    await user.type(input, '   ');
    expect(screen.queryByText('Custom URL is required')).not.toBeInTheDocument();
    await user.click(save);
    expect(await screen.findByText('Custom URL cannot be empty')).toBeInTheDocument();
    await user.clear(input);
    await user.type(input, 'my program');
    await user.click(save);
    expect(
      await screen.findByText('Custom URL must contain only letters, numbers, hyphens, and underscores'),
    ).toBeInTheDocument();
    await user.clear(input);
    await user.type(input, 'a'.repeat(CUSTOM_URL_MAX_LENGTH + 1));
    await user.click(save);
    expect(
      await screen.findByText(`Custom URL must be ${CUSTOM_URL_MAX_LENGTH} characters or less`),
    ).toBeInTheDocument();
    expect(await receivedBodies('PUT', '/api/admin/client/custom-url')).toEqual([]);

    await user.clear(input);
    await user.type(input, 'taken');
    await user.click(save);
    expect(
      await screen.findByText('This custom URL is already taken by another program. Choose another one.'),
    ).toBeInTheDocument();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByText('Where members find the app')).not.toBeInTheDocument();

    await user.clear(input);
    await user.type(input, 'demo-program');
    await user.click(save);
    await waitFor(async () =>
      expect((await receivedBodies('PUT', '/api/admin/client/custom-url')).at(-1)).toEqual({
        custom_url: 'demo-program',
      }),
    );
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: 'Custom URL' })).toHaveValue('demo-program'),
    );
    // The addresses come from the server's answer, shown as links.
    expect(screen.getByRole('link', { name: 'http://app.test/c/demo-program' })).toHaveAttribute(
      'href',
      'http://app.test/c/demo-program',
    );
    expect(screen.getByRole('link', { name: 'http://demo-program.app.test' })).toBeInTheDocument();
  });
});

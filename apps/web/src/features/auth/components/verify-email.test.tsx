import { MessageResponseSchema } from '@rally/shared';
import { screen } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { answer, failure } from '../../../testing/handlers';
import { renderApp } from '../../../testing/render';
import { receivedBodies, server } from '../../../testing/server';

const TOKEN = 'a-token-long-enough-to-pass-the-schema';

describe('Verify email', () => {
  it('explains an invalid or expired link and sends a new one, whatever the server wrote', async () => {
    server.use(
      http.post('/api/verify', () => failure(400, 'token is invalid', 'invalid_token')),
      http.post('/api/verify/resend', () =>
        answer(MessageResponseSchema, {
          message: 'If that account is waiting for verification, we sent a new link.',
        }),
      ),
    );
    const { user } = renderApp(`/verify?token=${TOKEN}`);

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('This verification link is invalid or has expired.');
    expect(alert).toHaveTextContent("Enter your email below and we'll send you a new one.");
    expect(alert).not.toHaveTextContent('token is invalid');
    expect(await receivedBodies('POST', '/api/verify')).toEqual([{ token: TOKEN }]);

    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Send a new link' }));

    expect(await screen.findByText(/we sent a new link/)).toBeInTheDocument();
    expect(await receivedBodies('POST', '/api/verify/resend')).toEqual([{ email: 'ada@example.com' }]);
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
  });

  it('treats a malformed token the server rejects as input the same way', async () => {
    server.use(http.post('/api/verify', () => failure(400, 'token is invalid', 'invalid_input')));
    renderApp('/verify?token=short');

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This verification link is invalid or has expired.',
    );
    expect(screen.getByRole('button', { name: 'Send a new link' })).toBeInTheDocument();
  });

  it("keeps the server's message for other failures, such as too many tries", async () => {
    server.use(
      http.post('/api/verify', () => failure(429, 'Too many requests. Try again later.', 'rate_limited')),
    );
    renderApp(`/verify?token=${TOKEN}`);

    expect(await screen.findByRole('alert')).toHaveTextContent('Too many requests. Try again later.');
    expect(screen.queryByRole('button', { name: 'Send a new link' })).not.toBeInTheDocument();
  });
});

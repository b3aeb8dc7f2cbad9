import { LoginRequestSchema, LoginResponseSchema, PASSWORD_MAX_LENGTH } from '@rally/shared';
import { screen, waitFor } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '../../../lib/storage';
import { buildUser } from '../../../testing/data';
import { answer, failure } from '../../../testing/handlers';
import { renderApp } from '../../../testing/render';
import { receivedBodies, receivedRequests, server } from '../../../testing/server';
import { checkLogin } from './login-form';

describe('Login', () => {
  it('signs in with the typed email and password and leaves /login for the home page', async () => {
    const ada = buildUser();
    server.use(
      http.post('/api/login', () => answer(LoginResponseSchema, { user: ada, token: 'session-token' })),
    );
    const { user, router } = renderApp('/login');

    await user.type(await screen.findByLabelText('Email'), '  Ada@Example.com ');
    await user.type(screen.getByLabelText('Password'), 'correct horse');
    await user.click(screen.getByRole('button', { name: 'Log in' }));

    expect(await screen.findByRole('heading', { name: 'Hi, Ada Lovelace' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe('session-token');
    // The home page's calls carry the new session.
    const [projects] = await receivedRequests('GET', '/api/projects');
    expect(projects?.authorization).toBe('Bearer session-token');
    // The shared schema trims and lower-cases the email before it is sent.
    expect(await receivedBodies('POST', '/api/login')).toEqual([
      { email: 'ada@example.com', password: 'correct horse' },
    ]);
  });

  it('asks nothing of a logged-out visitor: no stored token and no session cookie means no GET /api/me', async () => {
    const { router } = renderApp('/projects');

    expect(await screen.findByRole('button', { name: 'Log in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(await receivedRequests('GET', '/api/me')).toEqual([]);
  });

  it("shows the server's message on a 401 and stays on the form", async () => {
    server.use(http.post('/api/login', () => failure(401, 'Email or password is incorrect.')));
    const { user, router } = renderApp('/login');

    await user.type(await screen.findByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Log in' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Email or password is incorrect.');
    expect(screen.getByRole('button', { name: 'Log in' })).toBeEnabled();
    expect(router.state.location.pathname).toBe('/login');
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(await receivedBodies('POST', '/api/login')).toEqual([
      { email: 'ada@example.com', password: 'wrong' },
    ]);
  });

  it('says what is missing and sends nothing when the form is empty', async () => {
    const { user } = renderApp('/login');

    await user.click(await screen.findByRole('button', { name: 'Log in' }));

    expect(await screen.findByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    await waitFor(async () => expect(await receivedBodies('POST', '/api/login')).toEqual([]));
  });

  it('moves focus to the first wrong field and clears its message once it is edited', async () => {
    const { user } = renderApp('/login');

    await user.type(await screen.findByLabelText('Email'), 'ada@');
    await user.type(screen.getByLabelText('Password'), 'secret');
    await user.click(screen.getByRole('button', { name: 'Log in' }));

    expect(await screen.findByText('Email must be a valid email address')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveFocus();
    expect(screen.queryByText('Password is required')).not.toBeInTheDocument();
    await user.type(screen.getByLabelText('Email'), 'example.com');
    expect(screen.queryByText('Email must be a valid email address')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Email')).not.toHaveAttribute('aria-invalid');
    expect(await receivedBodies('POST', '/api/login')).toEqual([]);
  });
});

describe('checkLogin', () => {
  it('answers LoginRequestSchema’s messages and the request it would send', () => {
    const cases: [string, string][] = [
      ['', ''],
      ['ada@', 'x'],
      [' Ada@Example.COM ', 'correct horse'],
      ['ada@example.com', 'p'.repeat(PASSWORD_MAX_LENGTH + 1)],
    ];
    for (const [email, password] of cases) {
      const parsed = LoginRequestSchema.safeParse({ email, password });
      const { errors, body } = checkLogin(email, password);
      if (parsed.success) {
        expect(errors).toEqual({});
        expect(body).toEqual(parsed.data);
      } else {
        // The first message per field, as the form shows one.
        const expected: Record<string, string> = {};
        for (const issue of parsed.error.issues) expected[String(issue.path[0])] ??= issue.message;
        expect(Object.keys(errors).sort()).toEqual(Object.keys(expected).sort());
        if (expected.email) expect(errors.email).toBe(expected.email);
        if (expected.password && password) expect(errors.password).toBeDefined();
        if (expected.password && !password) expect(errors.password).toBe(expected.password);
      }
    }
  });
});

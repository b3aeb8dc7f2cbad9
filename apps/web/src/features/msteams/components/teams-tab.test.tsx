import { LoginResponseSchema } from '@rally/shared';
import { screen } from '@testing-library/react';
import { http } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { buildUser } from '../../../testing/data';
import { answer, failure } from '../../../testing/handlers';
import { renderApp } from '../../../testing/render';
import { receivedBodies, server } from '../../../testing/server';

// A stand-in of teams-js: the Teams host's answers are the test's.
const sdk = vi.hoisted(() => ({
  app: { initialize: vi.fn(async () => {}), notifySuccess: vi.fn() },
  authentication: { authenticate: vi.fn(async (_: unknown): Promise<string> => 'x') },
}));
vi.mock('../utils/teams-host', async (original) => ({
  ...(await original<typeof import('../utils/teams-host')>()),
  isFramed: () => true,
  loadTeamsSdk: async () => sdk,
}));

const member = buildUser({ email: 'member@demo.test' });
const CODE = 'c'.repeat(43);

beforeEach(() => {
  sdk.app.initialize.mockClear();
  sdk.app.notifySuccess.mockClear();
  sdk.authentication.authenticate.mockReset();
});

describe('the Microsoft Teams tab (/integrations/teams inside Teams)', () => {
  it('asks a signed-out member to sign in through the Teams pop-up, trades its code for a session and opens the app', async () => {
    sdk.authentication.authenticate.mockResolvedValue(CODE);
    server.use(
      http.post('/api/auth/handoff/redeem', () =>
        answer(LoginResponseSchema, { user: member, token: 'tab-session' }),
      ),
    );
    const { user } = renderApp('/integrations/teams?context=tab');
    const button = await screen.findByRole('button', { name: /^Sign in to / });
    expect(sdk.app.notifySuccess).toHaveBeenCalled();
    await user.click(button);
    expect(sdk.authentication.authenticate).toHaveBeenCalledWith({
      url: `${window.location.origin}/integrations/teams/sign-in`,
      width: 600,
      height: 640,
    });
    expect(await receivedBodies('POST', '/api/auth/handoff/redeem')).toEqual([{ code: CODE }]);
    expect(await screen.findByRole('navigation', { name: 'Main' })).toBeInTheDocument();
    expect(localStorage.getItem('rally.token')).toBe('tab-session');
  });

  it('says in words why a sign-in did not finish', async () => {
    const { user } = renderApp('/integrations/teams?context=tab');
    sdk.authentication.authenticate.mockRejectedValueOnce(new Error('CancelledByUser'));
    await user.click(await screen.findByRole('button', { name: /^Sign in to / }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Sign-in was cancelled');

    sdk.authentication.authenticate.mockResolvedValueOnce(CODE);
    server.use(
      http.post('/api/auth/handoff/redeem', () => failure(401, 'This sign-in has expired. Sign in again.')),
    );
    await user.click(screen.getByRole('button', { name: /^Sign in to / }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This sign-in has expired. Sign in again.');
  });

  it('opens the app straight away for a member with a session', async () => {
    renderApp('/integrations/teams?context=tab', { session: member });
    expect(await screen.findByRole('navigation', { name: 'Main' })).toBeInTheDocument();
    expect(sdk.authentication.authenticate).not.toHaveBeenCalled();
  });
});

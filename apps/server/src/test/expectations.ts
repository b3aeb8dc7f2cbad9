import type { InjectOptions } from 'fastify';
import { expect } from 'vitest';
import { ACME_HOST, DEMO_HOST, type TestApp } from './build-test-app.ts';
import { clientIds, headersFor, setClientConfig } from './factories.ts';

/** Shared checks of the API tests: the 401 and paused-client rules every protected call follows. */

type Call = Omit<InjectOptions, 'headers'> & { headers?: Record<string, string> };

/**
 * A protected call answers 401 without a session, and also with a valid session of the other client:
 * a token of Acme (127.0.0.1) is worthless on the Demo host.
 */
export async function expectSessionRequired(t: TestApp, call: Call): Promise<void> {
  const none = await t.app.inject({
    ...call,
    headers: { ...call.headers, host: DEMO_HOST },
  } as InjectOptions);
  expect(none.statusCode, `${call.method ?? 'GET'} ${call.url} without a session`).toBe(401);
  expect(none.json()).toEqual({ message: 'You need to log in' });

  const acmeToken = await t.login('member@acme.test', ACME_HOST);
  const foreign = await t.app.inject({
    ...call,
    headers: { ...call.headers, ...headersFor(acmeToken) },
  } as InjectOptions);
  expect(foreign.statusCode, `${call.method ?? 'GET'} ${call.url} with another client's token`).toBe(401);

  const garbage = await t.app.inject({
    ...call,
    headers: { ...call.headers, ...headersFor('not-a-token') },
  } as InjectOptions);
  expect(garbage.statusCode).toBe(401);
}

/** Runs `fn` while the Demo client is paused (with these override teams), then lifts the pause again. */
export async function whileDemoPaused(
  t: TestApp,
  fn: () => Promise<void>,
  pauseOverride: string[] = [],
): Promise<void> {
  const { demo } = await clientIds(t.ctx.db);
  await setClientConfig(t.app, t.ctx.db, demo, { paused: true, pause_override: pauseOverride });
  try {
    await fn();
  } finally {
    await setClientConfig(t.app, t.ctx.db, demo, { paused: false, pause_override: [] });
  }
}

/** While the Demo client is paused, the call answers 403 client_paused to a member and passes for an admin. */
export async function expectBlockedWhilePaused(
  t: TestApp,
  call: Call,
  tokens: { member: string; admin: string },
) {
  await whileDemoPaused(t, async () => {
    const blocked = await t.app.inject({
      ...call,
      headers: { ...call.headers, ...headersFor(tokens.member) },
    } as InjectOptions);
    expect(blocked.statusCode, `${call.method ?? 'GET'} ${call.url} while paused`).toBe(403);
    expect(blocked.json()).toEqual({
      message: 'This app is paused by your organisation',
      code: 'client_paused',
    });
    const admin = await t.app.inject({
      ...call,
      headers: { ...call.headers, ...headersFor(tokens.admin) },
    } as InjectOptions);
    expect(admin.statusCode, `${call.method ?? 'GET'} ${call.url} as admin while paused`).not.toBe(403);
  });
}

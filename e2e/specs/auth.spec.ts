import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiLogin, callApi, uniqueEmail, waitForMailLink } from '../fixtures/api.ts';
import { expectHidden, expectPath, expectVisible, pageHeading, pathOf } from '../fixtures/app.ts';
import {
  allowProblems,
  DESKTOP,
  launchBrowser,
  loginThroughForm,
  openPage,
  PASSWORD,
  PHONE,
} from '../fixtures/browser.ts';
import { type RunningServer, startServer } from '../fixtures/server.ts';

// Logging in and out, password reset and account creation through the real forms and the dev mailbox.
let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('login form', () => {
  it('shows "Email or password is incorrect" for a wrong password and stays on /login', async () => {
    const { context, page, errors } = await openPage(browser, PHONE);
    allowProblems(page, /^POST \/api\/login 401 /);
    await page.goto(`${server.demoUrl}/login`);
    await page.getByLabel('Email').fill('lead@demo.test');
    await page.getByLabel('Password', { exact: true }).fill('not-the-password');
    await page.getByRole('button', { name: 'Log in' }).click();
    const alert = page.getByRole('alert');
    await expectVisible(alert, 'the login error');
    expect((await alert.textContent())?.trim()).toBe('Email or password is incorrect');
    expect(pathOf(page)).toBe('/login');
    expect(await page.evaluate(() => localStorage.getItem('rally.token'))).toBeNull();
    // The right password still works afterwards.
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Log in' }).click();
    await expectPath(page, '/');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows a field error for a malformed email without calling the server', async () => {
    const { context, page, errors } = await openPage(browser, DESKTOP);
    let loginCalls = 0;
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/login') loginCalls += 1;
    });
    await page.goto(`${server.demoUrl}/login`);
    const email = page.getByLabel('Email');
    await email.fill('member@demo');
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Log in' }).click();
    await expectVisible(page.getByText('Email must be a valid email address'), 'the email field error');
    await expect.poll(() => email.getAttribute('aria-invalid')).toBe('true');
    // The error is tied to the field for screen readers.
    const describedBy = await email.getAttribute('aria-describedby');
    expect(describedBy).toBeTruthy();
    const description = await page.evaluate(
      (ids) =>
        ids
          .split(' ')
          .map((id) => document.getElementById(id)?.textContent)
          .join(' '),
      describedBy!,
    );
    expect(description).toContain('Email must be a valid email address');
    expect(loginCalls, 'no login call for an invalid form').toBe(0);
    expect(pathOf(page)).toBe('/login');

    // An empty form names both fields.
    await email.fill('');
    await page.getByLabel('Password', { exact: true }).fill('');
    await page.getByRole('button', { name: 'Log in' }).click();
    await expectVisible(page.getByText('Email is required'), 'the required email error');
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('logout', () => {
  it('signs out from the user menu, keeps only the device id and guards / again', async () => {
    const { context, page, errors } = await openPage(browser, PHONE);
    // Logout removes this device's push registration, failure ignored (SPEC 4): this browser never registered one.
    allowProblems(page, /^DELETE \/api\/fcm\/[\w-]+ 404 /);
    await loginThroughForm(page, server.demoUrl, 'member@demo.test');
    await expectPath(page, '/');
    expect(await page.evaluate(() => localStorage.getItem('rally.token'))).toBeTruthy();
    const token = await page.evaluate(() => localStorage.getItem('rally.token'));
    // Something else of the app in storage, which logout must clear.
    await page.evaluate(() => localStorage.setItem('rally.someone-preference', 'x'));
    // Leave home inside the app, so that the browser's back button leads to / after signing out.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Profile' }).click();
    await expectPath(page, '/profile');

    await page.getByRole('button', { name: 'User menu' }).click();
    await page.getByRole('menuitem', { name: 'Sign Out' }).click();
    await expectPath(page, '/login');
    await expectVisible(pageHeading(page, 'Log in to Demo'), 'the login page');
    const stored = await page.evaluate(() => Object.keys(localStorage));
    expect(stored).toEqual(['rally.deviceId']);
    expect(await page.evaluate(() => localStorage.getItem('rally.deviceId'))).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/,
    );
    expect(
      (await context.cookies(server.demoUrl)).filter((cookie) => cookie.name === 'rally'),
      'no session cookie left',
    ).toEqual([]);

    // Back to the home page of the signed-in session: the gate sends to the login page again.
    await page.goBack();
    await expectPath(page, '/login?to=%2F');
    await expectVisible(pageHeading(page, 'Log in to Demo'), 'the login page after going back');
    await page.goto(`${server.demoUrl}/`);
    await expectPath(page, '/login?to=%2F');
    await expectHidden(page.getByRole('navigation', { name: 'Main' }), 'the main navigation');
    // The old token was revoked on the server too.
    expect((await callApi(server.demoUrl, '/api/me', { token: token! })).status).toBe(401);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('password reset', () => {
  it('requests a link on /reset, opens it from the mailbox, sets a new password and logs in with it', async () => {
    const email = 'returning@demo.test';
    const newPassword = 'a-brand-new-secret-42';
    const { context, page, errors } = await openPage(browser, DESKTOP);
    await page.goto(`${server.demoUrl}/login`);
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await expectPath(page, '/reset');
    await expectVisible(pageHeading(page, 'Reset your password'), 'the reset request card');
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expectVisible(
      page.getByText('If an account exists for that email, we sent a link to reset the password.'),
      'the neutral confirmation',
    );

    // The mailbox page shows the mail with the link.
    const link = await waitForMailLink(server.demoUrl, email, '/reset');
    await page.goto(`${server.demoUrl}/dev/mailbox`);
    const mailLink = page.getByRole('link', { name: link });
    await expectVisible(mailLink, 'the reset link in the mailbox');
    await mailLink.click();
    await expectPath(page, /^\/reset\?token=/);
    await expectVisible(pageHeading(page, 'Set a new password'), 'the new password form');

    // Mismatch first, then the real thing.
    await page.getByLabel('New password', { exact: true }).fill(newPassword);
    await page.getByLabel('Confirm new password').fill(`${newPassword}x`);
    await page.getByRole('button', { name: 'Set password' }).click();
    await expectVisible(page.getByText("Passwords don't match"), 'the mismatch error');
    await page.getByLabel('Confirm new password').fill(newPassword);
    await page.getByRole('button', { name: 'Set password' }).click();
    await expectVisible(
      page.getByText('Your password has been changed. You can log in now.'),
      'the password changed message',
    );

    // The link is single-use.
    const again = await callApi(server.demoUrl, '/api/password-reset/confirm', {
      method: 'POST',
      body: { token: new URL(link).searchParams.get('token'), password: 'yet-another-one-1' },
    });
    expect(again.status).toBe(400);

    await page.getByRole('link', { name: 'Log in', exact: true }).click();
    await expectPath(page, '/login');
    // The old password no longer works.
    allowProblems(page, /^POST \/api\/login 401 /);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Log in' }).click();
    await expectVisible(page.getByText('Email or password is incorrect'), 'the old password refused');
    await page.getByLabel('Password', { exact: true }).fill(newPassword);
    await page.getByRole('button', { name: 'Log in' }).click();
    // returning@demo.test still has the old contract.
    await expectPath(page, '/contract?forced=true');
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('create account', () => {
  it('creates an account on /create, verifies it from the mailbox and lands on /overview', async () => {
    const email = uniqueEmail('joiner');
    const { context, page, errors } = await openPage(browser, PHONE);
    await page.goto(`${server.demoUrl}/login`);
    await page.getByRole('link', { name: 'Create account' }).click();
    await expectPath(page, '/create');
    await expectVisible(pageHeading(page, 'Join Demo'), 'the create account card');
    await page.getByLabel('First name').fill('Jo');
    await page.getByLabel('Last name').fill('Joiner');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('short');
    await page.getByRole('button', { name: 'Create account' }).click();
    await expectVisible(
      page.getByText(/Password must be at least 8 characters/),
      'the password length error',
    );
    await page.getByLabel('Password', { exact: true }).fill('joiner-password-1');
    await page.getByRole('button', { name: 'Create account' }).click();
    await expectPath(page, '/status/check-email');
    await expectVisible(pageHeading(page, 'Check your email'), 'the check-email page');

    // Not verified yet: logging in is refused with a clear message.
    const early = await callApi(server.demoUrl, '/api/login', {
      method: 'POST',
      body: { email, password: 'joiner-password-1' },
    });
    expect(early.status).toBe(403);

    const link = await waitForMailLink(server.demoUrl, email, '/verify');
    await page.goto(`${server.demoUrl}/dev/mailbox`);
    await page.getByRole('link', { name: link }).click();
    await expectPath(page, /^\/verify\?token=/);
    await expectVisible(
      page.getByText("Your email address is confirmed. You're signed in."),
      'the verification success',
    );
    await page.getByRole('link', { name: 'Continue' }).click();
    // Demo has a contract the new account has not agreed to, and it is not onboarded.
    await expectPath(page, '/overview');
    await expectVisible(pageHeading(page, 'Welcome to Demo'), 'the overview');
    await page.reload();
    await expectVisible(pageHeading(page, 'Welcome to Demo'), 'the overview after reload (still signed in)');

    // Signing up twice with the same email is refused.
    const twice = await callApi(server.demoUrl, '/api/accounts', {
      method: 'POST',
      body: { email, password: 'joiner-password-1', first_name: 'Jo', last_name: 'Joiner' },
    });
    expect(twice.status).toBe(409);
    // And the account can log in now.
    expect((await apiLogin(server.demoUrl, email, 'joiner-password-1')).user.email).toBe(email);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('is not available on Acme, which has no feature open', async () => {
    const { context, page, errors } = await openPage(browser, DESKTOP);
    await page.goto(`${server.acmeUrl}/create`);
    await expectVisible(pageHeading(page, "Sign-up isn't available"), 'the not available card');
    await expectVisible(page.getByText('Acme invites its members directly.'), 'the explanation');
    expect(await page.getByLabel('Email').count(), 'no sign-up form').toBe(0);
    await page.getByRole('link', { name: 'Log in', exact: true }).click();
    await expectPath(page, '/login');
    // The server refuses it as well.
    const refused = await callApi(server.acmeUrl, '/api/accounts', {
      method: 'POST',
      body: { email: 'someone@acme.test', password: 'password-123', first_name: 'So', last_name: 'Meone' },
    });
    expect(refused.status).toBe(403);
    expect(errors).toEqual([]);
    await context.close();
  });
});

import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiMe, callApi, uniqueEmail, waitForMailLink } from '../fixtures/api.ts';
import { expectHidden, expectPath, expectVisible } from '../fixtures/app.ts';
import { launchBrowser, openPage, PHONE } from '../fixtures/browser.ts';
import { projectsOf } from '../fixtures/projects.ts';
import { type RunningServer, startServer } from '../fixtures/server.ts';

// Guests (issue 14): on Demo (feature open) a visitor browses as a guest, reads projects and the feed, is asked to
// create an account on their first write, creates one from the dialog and keeps going as the same person.
let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('guests', () => {
  it('browses as a guest, is asked to sign up on a write, and signs up keeping their history', async () => {
    const { context, page, errors } = await openPage(browser, PHONE);
    await page.goto(`${server.demoUrl}/login`);
    const started = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/guests');
    await page.getByRole('button', { name: 'Browse as a guest' }).click();
    const guest = (await (await started).json()) as {
      user: { id: string; is_ghost: boolean };
      token: string;
    };
    expect(guest.user.is_ghost).toBe(true);
    await expectPath(page, '/');
    // A welcome that invites them in, and none of a member's own figures.
    await expectVisible(page.getByRole('heading', { name: 'Welcome to Demo' }), "the guest's welcome");
    await expectVisible(page.getByRole('link', { name: 'Create account' }), 'Create account on the welcome');
    for (const personal of ['Hi, Unknown', 'Points this week', 'Not ranked yet', 'waiting for you']) {
      expect(await page.getByText(personal).count(), personal).toBe(0);
    }
    const writes: string[] = [];
    page.on('request', (request) => {
      if (request.method() !== 'GET' && new URL(request.url()).pathname.startsWith('/api/projects/')) {
        writes.push(`${request.method()} ${new URL(request.url()).pathname}`);
      }
    });

    // The menu offers Create Account and Log In, and no chat.
    await page.getByRole('button', { name: 'User menu' }).click();
    await expectVisible(page.getByRole('menuitem', { name: 'Create Account' }), 'Create Account in the menu');
    await expectVisible(page.getByRole('menuitem', { name: 'Log In' }), 'Log In in the menu');
    await page.keyboard.press('Escape');
    await expectHidden(page.getByRole('link', { name: /^Chat\b/ }), 'the chat button');

    // Projects and the feed can be read.
    const projects = await projectsOf(server, guest.token);
    const project = projects.find((p) => !p.joined && p.state !== 'ended');
    expect(project, 'an open project the guest can see').toBeDefined();
    await page.goto(`${server.demoUrl}/projects/${project!.id}`);
    await expectVisible(page.getByRole('heading', { name: project!.name }), 'the project page');

    // The first write asks them to create an account.
    await page.getByRole('button', { name: 'Join', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Create an account to take part' });
    // The dialog element itself has no box (its backdrop and panel are fixed): wait for what it shows.
    const prompt = dialog.getByRole('heading', { name: 'Create an account to take part' });
    await expectVisible(prompt, 'the create-account dialog');
    // Asked first: Join sent nothing to the server.
    expect(writes).toEqual([]);
    await page.getByRole('button', { name: 'Close' }).click();
    await expectHidden(prompt, 'the closed dialog');

    await page.goto(`${server.demoUrl}/community/feed`);
    const composer = page.getByRole('textbox', { name: 'Write a post' });
    await expectVisible(composer, 'the feed');
    await composer.fill('Hello from a guest');
    await page.getByRole('button', { name: 'Post', exact: true }).click();
    await expectVisible(prompt, 'the create-account dialog on posting');

    // Creating an account from the dialog keeps the same person.
    await dialog.getByRole('link', { name: 'Create Account' }).click();
    await expectPath(page, '/create');
    const email = uniqueEmail('guest');
    await page.getByLabel('First name').fill('Gia');
    await page.getByLabel('Last name').fill('Guest');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('guest-password-1');
    await page.getByRole('button', { name: 'Create account' }).click();
    await expectPath(page, '/status/check-email');
    // The guest session is over until the email is verified.
    expect((await callApi(server.demoUrl, '/api/me', { token: guest.token })).status).toBe(401);

    const link = await waitForMailLink(server.demoUrl, email, '/verify');
    await page.goto(link);
    await expectVisible(
      page.getByText("Your email address is confirmed. You're signed in."),
      'the verification success',
    );
    await page.getByRole('link', { name: 'Continue' }).click();
    // The normal onboarding gate follows: Demo has a contract to agree to.
    await expectPath(page, '/overview');
    const token = await page.evaluate(() => localStorage.getItem('rally.token'));
    const me = (await apiMe(server.demoUrl, token!)) as Awaited<ReturnType<typeof apiMe>> & {
      is_ghost: boolean;
    };
    expect({ id: me.id, email: me.email, is_ghost: me.is_ghost }).toEqual({
      id: guest.user.id,
      email,
      is_ghost: false,
    });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('is not offered on Acme, which has no feature open', async () => {
    const { context, page } = await openPage(browser, PHONE);
    await page.goto(`${server.acmeUrl}/login`);
    await expectVisible(page.getByRole('button', { name: 'Log in' }), 'the login form');
    expect(await page.getByRole('button', { name: 'Browse as a guest' }).count()).toBe(0);
    const refused = await callApi(server.acmeUrl, '/api/guests', { method: 'POST', body: {} });
    expect(refused.status).toBe(403);
    await context.close();
  });
});

import type { Browser, Locator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiLogin } from '../fixtures/api.ts';
import { expectPath, expectVisible, pageHeading, pathOf } from '../fixtures/app.ts';
import { DESKTOP, launchBrowser, loginThroughForm, openPage, PHONE } from '../fixtures/browser.ts';
import { type RunningServer, startServer } from '../fixtures/server.ts';

// Session, applicant, pause and onboarding gates (SPEC 4) as a visitor meets them in the browser.
let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('logged out', () => {
  it('is sent from /projects to /login with the return path, and lands on /projects after logging in', async () => {
    const { context, page, errors } = await openPage(browser, DESKTOP);
    await page.goto(`${server.demoUrl}/projects`);
    await expectPath(page, '/login?to=%2Fprojects');
    await expectVisible(pageHeading(page, 'Log in to Demo'), 'the login card');

    await page.getByLabel('Email').fill('member@demo.test');
    await page.getByLabel('Password', { exact: true }).fill('rally-demo');
    await page.getByRole('button', { name: 'Log in' }).click();
    await expectPath(page, '/projects');
    await expectVisible(pageHeading(page, 'Projects'), 'the Projects page title');
    await expect.poll(() => page.title()).toBe('Projects · Demo');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('follows only same-site return paths after logging in', async () => {
    const { context, page, errors } = await openPage(browser, PHONE);
    await page.goto(`${server.demoUrl}/login?to=${encodeURIComponent('//evil.example/steal')}`);
    await page.getByLabel('Email').fill('lead@demo.test');
    await page.getByLabel('Password', { exact: true }).fill('rally-demo');
    await page.getByRole('button', { name: 'Log in' }).click();
    await expectPath(page, '/');
    await expectVisible(page.getByRole('heading', { name: 'Hi, Lee Lead' }), 'the home page');
    expect(new URL(page.url()).host, 'still on the app').toBe(new URL(server.demoUrl).host);

    // A signed-in user opening /login with a safe return path goes there directly.
    await page.goto(`${server.demoUrl}/login?to=${encodeURIComponent('/help?x=1')}`);
    await expectPath(page, '/help?x=1');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('keeps the exempt routes reachable without a session', async () => {
    const { context, page, errors } = await openPage(browser, PHONE);
    const { user } = await apiLogin(server.demoUrl, 'applicant@demo.test');
    // Each exempt route with what shows once the app has settled there.
    const exempt: [string, Locator][] = [
      ['/help', page.getByRole('heading', { name: 'Frequently asked questions' })],
      ['/create', pageHeading(page, 'Join Demo')],
      ['/reset', pageHeading(page, 'Reset your password')],
      ['/status/check-email', pageHeading(page, 'Check your email')],
      ['/status/not-active', pageHeading(page, "Your account isn't active")],
      ['/sso', pageHeading(page, 'Sign in to Demo')],
      ['/integrations/teams', pageHeading(page, 'Microsoft Teams')],
      [
        `/applicants/${user.applications[0]?.id}`,
        page.getByText('Log in to see where your application stands.'),
      ],
      ['/login', pageHeading(page, 'Log in to Demo')],
    ];
    for (const [path, settled] of exempt) {
      await page.goto(`${server.demoUrl}${path}`);
      await expectVisible(settled, `the page of ${path} while logged out`);
      expect(pathOf(page), `${path} must not redirect a logged-out visitor`).toBe(path);
    }
    // A protected route next to them still redirects, keeping its query in the return path.
    await page.goto(`${server.demoUrl}/community/feed?x=1`);
    await expectPath(page, `/login?to=${encodeURIComponent('/community/feed?x=1')}`);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('after logging in', () => {
  it('sends each demo user where their role, contract and onboarding say', async () => {
    const applicant = await apiLogin(server.demoUrl, 'applicant@demo.test');
    const applicationId = applicant.user.applications[0]?.id;
    expect(applicationId, 'the demo applicant has an application').toBeTruthy();
    const landings: [string, string][] = [
      ['admin@demo.test', '/'],
      ['lead@demo.test', '/'],
      ['member@demo.test', '/'],
      ['returning@demo.test', '/contract?forced=true'],
      ['fresh@demo.test', '/onboarding?forced=true'],
      ['applicant@demo.test', `/applicants/${applicationId}`],
    ];
    for (const [email, expected] of landings) {
      const { context, page, errors } = await openPage(browser, DESKTOP);
      await loginThroughForm(page, server.demoUrl, email);
      await expectPath(page, expected).catch((error: Error) => {
        throw new Error(`${email}: ${error.message}`);
      });
      expect(errors, `page errors for ${email}`).toEqual([]);
      await context.close();
    }
  });

  it('walks newbie through overview, contract and onboarding to home, where a reload keeps them', async () => {
    const { context, page, errors } = await openPage(browser, PHONE);
    await loginThroughForm(page, server.demoUrl, 'newbie@demo.test');
    await expectPath(page, '/overview');
    await expectVisible(pageHeading(page, 'Welcome to Demo'), 'the overview card');
    // No way around the overview: another page sends newbie back.
    await page.goto(`${server.demoUrl}/projects`);
    await expectPath(page, '/overview');

    await page.getByRole('link', { name: 'Get started' }).click();
    await expectPath(page, '/contract');
    await expectVisible(page.getByRole('heading', { name: 'Community terms' }), 'the contract title');
    await expectVisible(page.getByText('version 2 of these terms'), 'the current (second) contract text');
    await page.getByRole('button', { name: 'I agree' }).click();

    await expectPath(page, '/onboarding');
    await expectVisible(pageHeading(page, 'Tell us about you'), 'the onboarding form');
    expect(await page.getByLabel('First name').inputValue()).toBe('Noah');
    expect(await page.getByLabel('Last name').inputValue()).toBe('Newbie');
    await page.getByLabel('City (optional)').fill('Utrecht');
    await page.getByLabel('Country (optional)').fill('Netherlands');
    await page.getByRole('button', { name: 'Continue' }).click();

    await expectPath(page, '/');
    await expectVisible(page.getByRole('heading', { name: 'Hi, Noah Newbie' }), 'the home greeting');
    await page.reload();
    await expectVisible(
      page.getByRole('heading', { name: 'Hi, Noah Newbie' }),
      'the home greeting after reload',
    );
    expect(pathOf(page), 'an onboarded user with the current contract stays home').toBe('/');
    // And may roam now.
    await page.goto(`${server.demoUrl}/projects`);
    await expectVisible(pageHeading(page, 'Projects'), 'the Projects page');
    expect(pathOf(page)).toBe('/projects');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('keeps returning (old contract) on the forced contract with only Sign Out to escape', async () => {
    const { context, page, errors } = await openPage(browser, DESKTOP);
    await loginThroughForm(page, server.demoUrl, 'returning@demo.test');
    await expectPath(page, '/contract?forced=true');
    await expectVisible(page.getByRole('button', { name: 'I agree' }), 'the I agree button');
    expect(await page.getByRole('navigation', { name: 'Main' }).count(), 'no main navigation').toBe(0);
    expect(await page.getByRole('link', { name: 'Demo home' }).count(), 'the logo is not a way out').toBe(0);
    await page.getByRole('button', { name: 'User menu' }).click();
    const menu = page.getByRole('menu', { name: 'User menu' });
    await expectVisible(menu, 'the user menu');
    expect(await menu.getByRole('menuitem').allInnerTexts()).toEqual(['Sign Out']);
    await page.keyboard.press('Escape');

    for (const path of ['/projects', '/profile', '/']) {
      await page.goto(`${server.demoUrl}${path}`);
      await expectPath(page, '/contract?forced=true');
    }
    expect(errors).toEqual([]);
    await context.close();
  });

  it('pins the applicant to its own page, except for /help', async () => {
    const { context, page, errors } = await openPage(browser, PHONE);
    await loginThroughForm(page, server.demoUrl, 'applicant@demo.test');
    await expectPath(page, /^\/applicants\/[^/?]+$/);
    const own = pathOf(page);
    await expectVisible(pageHeading(page, 'Your application'), 'the application page');
    await expectVisible(page.getByText('Brand Ambassador Programme 2026'), 'the application title');
    await expectVisible(page.getByText('Pending review'), 'the application status');

    for (const path of ['/projects', '/profile', '/admin', '/overview', '/contract', '/notifications', '/']) {
      await page.goto(`${server.demoUrl}${path}`);
      await expectPath(page, own).catch((error: Error) => {
        throw new Error(`applicant on ${path}: ${error.message}`);
      });
    }
    await page.goto(`${server.demoUrl}/help`);
    await expectVisible(page.getByRole('heading', { name: 'Frequently asked questions' }), 'the help page');
    expect(pathOf(page), 'the applicant may read help').toBe('/help');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('sends a user of a client that is not paused from /status/paused to home', async () => {
    const { context, page, errors } = await openPage(browser, DESKTOP);
    await loginThroughForm(page, server.demoUrl, 'lead@demo.test');
    await expectPath(page, '/');
    await page.goto(`${server.demoUrl}/status/paused`);
    await expectPath(page, '/');
    await expectVisible(page.getByRole('heading', { name: 'Hi, Lee Lead' }), 'the home page');
    expect(await page.getByText('The app is paused').count(), 'no paused message').toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });
});

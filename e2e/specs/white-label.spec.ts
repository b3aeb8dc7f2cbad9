import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiLogin, callApi } from '../fixtures/api.ts';
import { expectPath, expectVisible, linkNames, pageHeading } from '../fixtures/app.ts';
import {
  allowProblems,
  DESKTOP,
  launchBrowser,
  loginThroughForm,
  openPage,
  PHONE,
} from '../fixtures/browser.ts';
import { type RunningServer, startServer } from '../fixtures/server.ts';

// One server, two brands by host name: Demo on localhost, the white-labelled Acme on 127.0.0.1 (SPEC 1, 3, 6).
let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main' });
const primaryColour = (page: Page) =>
  page.evaluate(() =>
    getComputedStyle(document.documentElement).getPropertyValue('--color-primary').trim().toUpperCase(),
  );

describe('Acme (white-labelled)', () => {
  it('uses its own words, colour, title and community variant, and its own chat', async () => {
    const { context, page, errors } = await openPage(browser, DESKTOP);
    await page.goto(`${server.acmeUrl}/login`);
    await expectVisible(pageHeading(page, 'Log in to Acme'), 'the Acme login card');
    expect(await primaryColour(page), 'the brand colour is set before logging in').toBe('#C2410C');
    // The white-label description names the client's community, not the product.
    await expectVisible(page.getByText('The home of the Acme community'), 'the white-label description');
    expect(await page.getByText('into influencers').count()).toBe(0);
    // Acme has no feature open: no way to create an account from the login page.
    expect(await page.getByRole('link', { name: 'Create account' }).count()).toBe(0);

    await loginThroughForm(page, server.acmeUrl, 'member@acme.test');
    await expectPath(page, '/');
    await expect.poll(() => page.title()).toContain('Acme');
    expect(await linkNames(mainNav(page))).toEqual([
      'Home',
      'Missions',
      'Community',
      'Performance',
      'Profile',
    ]);
    await expectVisible(
      page.getByRole('heading', { name: 'Your missions' }),
      'the projects preview in Acme words',
    );
    // Acme has feature chat: the header's chat button, which goes to /chat for a member (SPEC 6).
    expect(
      await page
        .getByRole('banner')
        .getByRole('link', { name: /^Chat(, \S+ unread messages?)?$/ })
        .getAttribute('href'),
      'the chat button',
    ).toMatch(/^\/chat/);
    expect(await primaryColour(page)).toBe('#C2410C');
    // The brand colour is what the page paints with, e.g. the home greeting card.
    const cardColour = await page
      .getByRole('heading', { name: 'Hi, Milo Crew' })
      .evaluate((el) => getComputedStyle(el.closest('section') ?? el).backgroundColor);
    expect(cardColour).toBe('rgb(194, 65, 12)');

    await mainNav(page).getByRole('link', { name: 'Missions' }).click();
    await expectPath(page, '/projects');
    await expect.poll(() => page.title()).toBe('Missions · Acme');
    await expectVisible(pageHeading(page, 'Missions'), 'the Missions page title');

    const community = mainNav(page).getByRole('link', { name: 'Community' });
    expect(await community.getAttribute('href')).toBe('/community/teams');
    await community.click();
    await expectPath(page, '/community/teams');
    const tabs = page.getByRole('navigation', { name: 'Community pages' });
    expect(await linkNames(tabs)).toEqual(['My Squads', 'Leaderboard']);
    await expectVisible(page.getByRole('heading', { name: 'Rocket Squad' }), "the member's squad");
    // The removed tabs are not reachable by URL either: they open the first tab Acme has, selected.
    for (const removed of ['/community/feed', '/community/following']) {
      await page.goto(`${server.acmeUrl}${removed}`);
      await expectPath(page, '/community/teams');
      await expectVisible(
        tabs.getByRole('link', { name: 'My Squads', exact: true }).and(page.locator('[aria-current="page"]')),
        `${removed} showing My Squads, selected`,
      );
    }
    // Acme's crew chat in their own team channel (feature chat), never Demo's.
    await page.goto(`${server.acmeUrl}/chat`);
    const list = page.getByRole('navigation', { name: 'Conversations' });
    await expectVisible(list.getByRole('link', { name: /Rocket Squad/ }), "Acme's team channel");
    expect(await list.getByRole('link', { name: /Marketing/ }).count(), "no channel of Demo's").toBe(0);

    await page.goto(`${server.acmeUrl}/profile`);
    await expectVisible(page.getByText('member@acme.test'), 'the profile card');
    await expectVisible(page.getByText('Crew Member', { exact: true }), 'the Acme label of role USER');
    expect(await page.getByText('Member', { exact: true }).count(), 'not the default role label').toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('labels the admin "Mission Control", has Chat and keeps E-Commerce out of its admin tabs', async () => {
    const { context, page, errors } = await openPage(browser, PHONE);
    await loginThroughForm(page, server.acmeUrl, 'admin@acme.test');
    await page.goto(`${server.acmeUrl}/profile`);
    await expectVisible(page.getByText('Mission Control', { exact: true }), 'the Acme label of role ADMIN');
    await page.goto(`${server.acmeUrl}/admin`);
    const selector = page.getByRole('button', { name: /Select a page/ });
    await selector.click();
    const options = (await page.getByRole('option').allInnerTexts()).map((text) => text.trim());
    expect(options).toContain('Missions');
    expect(options).toContain('Chat');
    expect(options).not.toContain('E-Commerce');
    expect(options).not.toContain('Projects');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows the larger Acme home image on home and the 40x40 logo elsewhere', async () => {
    const { context, page, errors } = await openPage(browser, DESKTOP);
    await loginThroughForm(page, server.acmeUrl, 'member@acme.test');
    const logo = page.getByRole('link', { name: 'Acme home' }).getByRole('img');
    await expectVisible(logo, 'the Acme logo');
    // Acme configures its home image as 96x96.
    expect(await logo.boundingBox()).toMatchObject({ width: 96, height: 96 });
    await page.goto(`${server.acmeUrl}/projects`);
    await expectVisible(pageHeading(page, 'Missions'), 'the Missions page');
    expect(await logo.boundingBox()).toMatchObject({ width: 40, height: 40 });
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('Demo (same server, default brand)', () => {
  it('shows "Projects" and the default colour #007E97', async () => {
    const { context, page, errors } = await openPage(browser, DESKTOP);
    await loginThroughForm(page, server.demoUrl, 'member@demo.test');
    await expectPath(page, '/');
    expect(await linkNames(mainNav(page))).toEqual([
      'Home',
      'Projects',
      'Community',
      'Performance',
      'Profile',
    ]);
    expect(await primaryColour(page)).toBe('#007E97');
    await expect.poll(() => page.title()).toBe('Demo');
    await expectVisible(page.getByRole('banner').getByRole('link', { name: 'Chat' }), 'the chat button');
    expect(await mainNav(page).getByRole('link', { name: 'Community' }).getAttribute('href')).toBe(
      '/community/feed',
    );
    await page.goto(`${server.demoUrl}/profile`);
    await expectVisible(page.getByText('Member', { exact: true }), 'the default label of role USER');
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('sessions are per client', () => {
  it('does not let a Demo session into Acme, by cookie or stored token', async () => {
    const { context, page, errors } = await openPage(browser, DESKTOP);
    // Demo's token stored on Acme's origin: Acme answers it 401, as this test means.
    allowProblems(page, /^GET \/api\/me 401 /);
    await loginThroughForm(page, server.demoUrl, 'member@demo.test');
    await expectPath(page, '/');
    const demoCookie = (await context.cookies(server.demoUrl)).find((cookie) => cookie.name === 'rally');
    expect(demoCookie, 'the Demo session cookie').toBeDefined();
    const demoToken = await page.evaluate(() => localStorage.getItem('rally.token'));
    expect(demoToken, 'the stored Demo token').toBeTruthy();

    // Same browser context, other host: Acme shows its login page.
    await page.goto(`${server.acmeUrl}/`);
    await expectPath(page, '/login?to=%2F');
    await expectVisible(pageHeading(page, 'Log in to Acme'), 'the Acme login page');

    // Even when the Demo cookie and token are handed to the Acme host, they are worth nothing there.
    await context.addCookies([{ ...demoCookie!, domain: '127.0.0.1' }]);
    await page.evaluate((token) => localStorage.setItem('rally.token', token), demoToken!);
    await page.goto(`${server.acmeUrl}/profile`);
    await expectPath(page, '/login?to=%2Fprofile');
    await expectVisible(pageHeading(page, 'Log in to Acme'), 'the Acme login page');
    // The app dropped the worthless token.
    await expect.poll(() => page.evaluate(() => localStorage.getItem('rally.token'))).toBeNull();

    // Back on Demo the session still works.
    await page.goto(`${server.demoUrl}/profile`);
    await expectPath(page, '/profile');
    await expectVisible(page.getByText('member@demo.test'), 'the Demo profile');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('answers 401 to a Demo bearer token on the Acme host, and the other way round', async () => {
    const demo = await apiLogin(server.demoUrl, 'member@demo.test');
    const acme = await apiLogin(server.acmeUrl, 'member@acme.test');
    const onAcme = await callApi(server.acmeUrl, '/api/me', { token: demo.token });
    expect(onAcme.status).toBe(401);
    expect(onAcme.body).toHaveProperty('message');
    const onDemo = await callApi(server.demoUrl, '/api/me', { token: acme.token });
    expect(onDemo.status).toBe(401);
    // Each token still works on its own host.
    expect((await callApi(server.demoUrl, '/api/me', { token: demo.token })).status).toBe(200);
    expect((await callApi(server.acmeUrl, '/api/me', { token: acme.token })).status).toBe(200);
    // And a Demo login does not exist on Acme.
    const wrongHost = await callApi(server.acmeUrl, '/api/login', {
      method: 'POST',
      body: { email: 'member@demo.test', password: 'rally-demo' },
    });
    expect(wrongHost.status).toBe(401);
  });
});

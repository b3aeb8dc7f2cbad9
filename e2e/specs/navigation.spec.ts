import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiLogin, pendingTrainingCount } from '../fixtures/api.ts';
import { expectHidden, expectPath, expectVisible, linkNames, pageHeading, pathOf } from '../fixtures/app.ts';
import { DESKTOP, launchBrowser, loginThroughForm, openPage, PHONE } from '../fixtures/browser.ts';
import { type RunningServer, startServer } from '../fixtures/server.ts';

// Main navigation, section tabs, the phone page selector, the user menu and the scroll parameter (SPEC 2, 5, 6).
let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const ALL_ADMIN_TABS = [
  'Dashboard',
  'General',
  'Projects',
  'Participation',
  'Chat',
  'Badges',
  'Users',
  'Applicants',
  'Library',
  'Brand Safety',
  'Integrations',
  'E-Commerce',
  'Reporting',
];
const ADMIN_ONLY_TABS = [
  'General',
  'Badges',
  'Library',
  'Brand Safety',
  'Integrations',
  'E-Commerce',
  'Reporting',
  'Applicants',
];

const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main' });
const adminTabs = (page: Page) => page.getByRole('navigation', { name: 'Admin pages' });

async function signIn(email: string, viewport = DESKTOP) {
  const opened = await openPage(browser, viewport);
  await loginThroughForm(opened.page, server.demoUrl, email);
  await expectPath(opened.page, '/');
  return opened;
}

describe('main navigation at 1280 px', () => {
  it('shows a member Home, Projects, Community, Performance and Profile, without Admin', async () => {
    const { context, page, errors } = await signIn('member@demo.test');
    expect(await linkNames(mainNav(page))).toEqual([
      'Home',
      'Projects',
      'Community',
      'Performance',
      'Profile',
    ]);
    // On desktop the navigation is the top bar inside the header.
    const box = await mainNav(page).boundingBox();
    expect(box, 'the main navigation is laid out').not.toBeNull();
    expect(box!.y, 'the main navigation sits at the top').toBeLessThan(200);
    await expect
      .poll(() => mainNav(page).getByRole('link', { name: 'Home' }).getAttribute('aria-current'))
      .toBe('page');

    // The links lead where SPEC 2 says and mark their section as current.
    await mainNav(page).getByRole('link', { name: 'Community' }).click();
    await expectPath(page, '/community/feed');
    await expect
      .poll(() => mainNav(page).getByRole('link', { name: 'Community' }).getAttribute('aria-current'))
      .toBe('page');
    await mainNav(page).getByRole('link', { name: 'Performance' }).click();
    await expectPath(page, '/performance/posts');
    await mainNav(page).getByRole('link', { name: 'Profile' }).click();
    await expectPath(page, '/profile');
    await expectVisible(pageHeading(page, 'Profile'), 'the Profile title');

    // The Demo community has all four tabs.
    await page.goto(`${server.demoUrl}/community/feed`);
    const tabs = page.getByRole('navigation', { name: 'Community pages' });
    expect(await linkNames(tabs)).toEqual(['Feed', 'My Teams', 'Following', 'Leaderboard']);
    await tabs.getByRole('link', { name: 'My Teams' }).click();
    await expectPath(page, '/community/teams');
    await expectVisible(page.getByRole('heading', { name: 'Marketing' }), "the member's team");
    await expect.poll(() => page.title()).toBe('My Teams · Demo');

    // No way into the admin area by URL either.
    await page.goto(`${server.demoUrl}/admin`);
    await expectVisible(
      page.getByRole('heading', { name: "You don't have access to this page" }),
      'no access',
    );
    expect(await adminTabs(page).count(), 'no admin tabs for a member').toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('gives the global admin the Admin item and all 13 admin tabs', async () => {
    const { context, page, errors } = await signIn('admin@demo.test');
    expect(await linkNames(mainNav(page))).toEqual([
      'Home',
      'Projects',
      'Community',
      'Performance',
      'Profile',
      'Admin',
    ]);
    await mainNav(page).getByRole('link', { name: 'Admin' }).click();
    await expectPath(page, '/admin');
    await expectVisible(page.getByRole('heading', { name: 'Dashboard' }), 'the admin dashboard');
    expect(await linkNames(adminTabs(page))).toEqual(ALL_ADMIN_TABS);
    // The phone selector is not shown on desktop.
    expect(await page.getByRole('button', { name: /Select a page/ }).count()).toBe(0);

    await adminTabs(page).getByRole('link', { name: 'E-Commerce' }).click();
    await expectPath(page, '/admin/ecommerce');
    await expectVisible(page.getByRole('heading', { name: 'E-Commerce', level: 2 }), 'the E-Commerce page');
    await expect
      .poll(() => adminTabs(page).getByRole('link', { name: 'E-Commerce' }).getAttribute('aria-current'))
      .toBe('page');
    // The chat button of an admin leads to the admin chat (to the first waiting message when there is one).
    await page
      .getByRole('banner')
      .getByRole('link', { name: /^Chat(, \d+\+? unread messages?)?$/ })
      .click();
    await expectPath(page, /^\/admin\/chat(\?|$)/);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('gives a team lead (ANALYST with team tags) the admin area without admin-only and lead-only tabs', async () => {
    const { context, page, errors } = await signIn('lead@demo.test');
    expect(await linkNames(mainNav(page))).toContain('Admin');
    await page.goto(`${server.demoUrl}/admin`);
    await expectVisible(page.getByRole('heading', { name: 'Dashboard' }), 'the admin dashboard');
    const names = await linkNames(adminTabs(page));
    expect(names).toEqual(['Dashboard', 'Projects', 'Participation', 'Chat', 'Users']);
    for (const hidden of ADMIN_ONLY_TABS)
      expect(names, `${hidden} is not for a team lead`).not.toContain(hidden);

    await page.goto(`${server.demoUrl}/admin/applicants`);
    await expectVisible(
      page.getByRole('heading', { name: "You don't have access to this page" }),
      'no access to applicants',
    );
    await page.goto(`${server.demoUrl}/admin/general`);
    await expectVisible(
      page.getByRole('heading', { name: "You don't have access to this page" }),
      'no access to general settings',
    );
    await page.goto(`${server.demoUrl}/admin/users`);
    await expectVisible(page.getByRole('heading', { name: 'Users', level: 2 }), 'the users page');
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('at 360 px', () => {
  it('shows the bottom bar and replaces the admin tabs with the "Select a page" selector', async () => {
    const { context, page, errors } = await signIn('admin@demo.test', PHONE);
    const nav = mainNav(page);
    await expectVisible(nav, 'the bottom bar');
    const box = await nav.boundingBox();
    expect(box, 'the bottom bar is laid out').not.toBeNull();
    expect(Math.round(box!.y + box!.height), 'the bar ends at the bottom of the screen').toBe(PHONE.height);
    expect(await linkNames(nav)).toEqual([
      'Home',
      'Projects',
      'Community',
      'Performance',
      'Profile',
      'Admin',
    ]);
    expect(await page.getByRole('navigation', { name: 'Main' }).count(), 'one visible main navigation').toBe(
      1,
    );

    await nav.getByRole('link', { name: 'Admin' }).click();
    await expectPath(page, '/admin');
    const selector = page.getByRole('button', { name: /Select a page/ });
    await expectVisible(selector, 'the page selector');
    expect(await selector.textContent()).toContain('Dashboard');
    expect(await adminTabs(page).count(), 'the admin tabs are replaced on phones').toBe(0);

    await selector.click();
    const options = page.getByRole('option');
    await expectVisible(options.first(), 'the selector options');
    expect((await options.allInnerTexts()).map((text) => text.trim())).toEqual(ALL_ADMIN_TABS);
    await page.getByRole('option', { name: 'Users' }).click();
    await expectPath(page, '/admin/users');
    await expectVisible(page.getByRole('heading', { name: 'Users', level: 2 }), 'the users page');
    expect(await selector.textContent()).toContain('Users');

    // With the keyboard too: arrow down opens it on the current page, the next option is Applicants.
    await selector.focus();
    await page.keyboard.press('ArrowDown');
    await expectVisible(page.getByRole('option', { name: 'Users', selected: true }), 'the open selector');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expectPath(page, '/admin/applicants');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('uses the selector for the four community tabs too', async () => {
    const { context, page, errors } = await signIn('member@demo.test', PHONE);
    await mainNav(page).getByRole('link', { name: 'Community' }).click();
    await expectPath(page, '/community/feed');
    const selector = page.getByRole('button', { name: /Select a page/ });
    await selector.click();
    expect((await page.getByRole('option').allInnerTexts()).map((text) => text.trim())).toEqual([
      'Feed',
      'My Teams',
      'Following',
      'Leaderboard',
    ]);
    await page.getByRole('option', { name: 'Leaderboard' }).click();
    await expectPath(page, '/community/leaderboard');
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('user menu', () => {
  it('lists the profile summary, Notifications, Training, Help and Sign Out', async () => {
    const { context, page, errors } = await signIn('member@demo.test');
    await page.getByRole('button', { name: 'User menu' }).click();
    const menu = page.getByRole('menu', { name: 'User menu' });
    await expectVisible(menu, 'the user menu');
    const profile = menu.getByRole('menuitem', { name: /^Maya Member\b.*view profile$/ });
    await expectVisible(profile, 'the profile summary');
    expect(await profile.textContent()).toContain('Located in Austin, Texas, United States');

    const entries = (await menu.getByRole('menuitem').allInnerTexts()).map((text) => text.trim());
    for (const entry of ['Notifications', 'Training', 'Help', 'Sign Out']) {
      expect(
        entries.some((text) => text.startsWith(entry)),
        `menu entry ${entry} in ${entries}`,
      ).toBe(true);
    }
    // The training entry shows the number of pending trainings.
    const { token } = await apiLogin(server.demoUrl, 'member@demo.test');
    const pending = await pendingTrainingCount(server.demoUrl, token);
    const training = menu.getByRole('menuitem', { name: /^Training/ });
    expect(pending, 'the demo member has a pending training').toBeGreaterThan(0);
    expect(
      await training
        .locator('[aria-hidden="true"]')
        .filter({ hasText: String(pending) })
        .count(),
    ).toBe(1);
    expect(await training.textContent()).toContain(`${pending} pending training${pending === 1 ? '' : 's'}`);
    // Unread notifications are flagged on their entry.
    expect(await menu.getByRole('menuitem', { name: /Notifications/ }).textContent()).toContain(
      'Unread notifications',
    );

    await menu.getByRole('menuitem', { name: 'Help' }).click();
    await expectPath(page, '/help');
    await expectHidden(menu, 'the menu after choosing an entry');

    await page.getByRole('button', { name: 'User menu' }).click();
    await menu.getByRole('menuitem', { name: /^Maya Member\b.*view profile$/ }).click();
    await expectPath(page, '/profile');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('opens with Enter or Space and closes with Escape, returning focus to the button', async () => {
    const { context, page, errors } = await signIn('member@demo.test', PHONE);
    const button = page.getByRole('button', { name: 'User menu' });
    const menu = page.getByRole('menu', { name: 'User menu' });
    for (const key of ['Enter', 'Space']) {
      await button.focus();
      await page.keyboard.press(key);
      await expectVisible(menu, `the menu opened with ${key}`);
      await expect.poll(() => button.getAttribute('aria-expanded')).toBe('true');
      // Focus moves into the menu, so arrow keys walk the entries.
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.closest('[role="menu"]') !== null))
        .toBe(true);
      await page.keyboard.press('Escape');
      await expectHidden(menu, `the menu after Escape (opened with ${key})`);
      await expect.poll(() => button.getAttribute('aria-expanded')).not.toBe('true');
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
        .toBe('User menu');
    }
    // Arrow keys move the active entry; End goes to the last one, Sign Out.
    await page.keyboard.press('Enter');
    await expectVisible(menu, 'the menu');
    const activeEntry = () =>
      menu.evaluate((el) => {
        const id = el.getAttribute('aria-activedescendant');
        return id ? document.getElementById(id)?.textContent?.trim() : null;
      });
    await page.keyboard.press('End');
    await expect.poll(activeEntry).toBe('Sign Out');
    await page.keyboard.press('Home');
    await expect.poll(activeEntry).toContain('Maya Member');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('offers skip to content as the first stop of the keyboard', async () => {
    const { context, page, errors } = await signIn('member@demo.test');
    await page.goto(`${server.demoUrl}/projects`);
    await expectVisible(pageHeading(page, 'Projects'), 'the projects page');
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to content' });
    await expect.poll(() => skip.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('Enter');
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('main');
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('scroll parameter', () => {
  it('keeps the scroll position of a long page in ?scroll= and restores it on reload', async () => {
    const { context, page, errors } = await signIn('member@demo.test', PHONE);
    await page.goto(`${server.demoUrl}/profile`);
    await expectVisible(page.getByLabel('Bio'), 'the profile form');
    const room = await page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight);
    expect(room, 'the profile page is longer than a phone screen').toBeGreaterThan(300);

    await page.mouse.move(180, 400);
    await page.mouse.wheel(0, 300);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    await expect.poll(() => new URL(page.url()).searchParams.get('scroll')).not.toBeNull();
    const saved = Number(new URL(page.url()).searchParams.get('scroll'));
    await expect.poll(() => page.evaluate(() => Math.round(window.scrollY))).toBe(saved);
    expect(saved).toBeGreaterThan(0);

    await page.reload();
    await expectVisible(page.getByLabel('Bio'), 'the profile form after reload');
    await expect
      .poll(() => page.evaluate(() => Math.round(window.scrollY)), { timeout: 5_000 })
      .toBeGreaterThanOrEqual(saved - 2);
    expect(Math.abs((await page.evaluate(() => Math.round(window.scrollY))) - saved)).toBeLessThan(3);
    expect(new URL(page.url()).pathname).toBe('/profile');

    // Scrolling back to the top drops the parameter.
    await page.mouse.wheel(0, -5000);
    await expect.poll(() => new URL(page.url()).searchParams.has('scroll')).toBe(false);
    expect(pathOf(page)).toBe('/profile');
    expect(errors).toEqual([]);
    await context.close();
  });
});

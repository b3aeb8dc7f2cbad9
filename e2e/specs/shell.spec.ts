import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiLogin, apiMe, callApi, createOnboardedAccount, pendingTrainingCount } from '../fixtures/api.ts';
import { expectHidden, expectPath, expectVisible, pageHeading } from '../fixtures/app.ts';
import { DESKTOP, launchBrowser, loginThroughForm, openPage, PHONE } from '../fixtures/browser.ts';
import { solidPng } from '../fixtures/png.ts';
import { type RunningServer, startServer } from '../fixtures/server.ts';

// The shell around every page (SPEC 2, 4, 8): notifications and the menu dot, header logo and title,
// page titles, the not-found state, the chat badge and the background-task progress banner.
let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const menuDot = (page: Page) => page.getByTestId('menu-dot');

interface ApiNotification {
  id: string;
  title: string;
  link: string | null;
  read_at: string | null;
  handled_at: string | null;
}

describe('notifications', () => {
  // The only demo user with notifications is member@demo.test, so its whole journey is one test.
  it('shows the menu dot, marks an opened notification handled, and "Mark all read" clears what the dot flags', async () => {
    // Read from the API what the demo member has, so the journey holds whatever the seed adds.
    const { token } = await apiLogin(server.demoUrl, 'member@demo.test');
    const listed = await callApi<{ notifications: ApiNotification[]; unread: number }>(
      server.demoUrl,
      '/api/notifications?limit=50',
      { token },
    );
    const unreadBefore = listed.body.unread;
    expect(unreadBefore, 'the demo member has unread notifications').toBeGreaterThan(1);
    const target = listed.body.notifications.find((n) => !n.read_at && n.link?.startsWith('/'));
    expect(target, 'an unread notification linking into the app').toBeDefined();

    const { context, page, errors } = await openPage(browser, DESKTOP);
    await loginThroughForm(page, server.demoUrl, 'member@demo.test');
    await expectPath(page, '/');
    await expectVisible(menuDot(page), 'the dot on the user menu (unread notifications)');
    expect(
      await page.getByRole('button', { name: 'User menu' }).getAttribute('aria-describedby'),
    ).toBeTruthy();

    await page.getByRole('button', { name: 'User menu' }).click();
    await page.getByRole('menuitem', { name: /Notifications/ }).click();
    await expectPath(page, '/notifications');
    await expect.poll(() => page.title()).toBe('Notifications · Demo');
    await expectVisible(page.getByText(`${unreadBefore} unread`), 'the unread count');
    expect(await page.getByRole('button', { name: /^Unread / }).count()).toBeGreaterThan(0);

    // Opening one goes to its link and marks it handled.
    await page.getByRole('button', { name: target!.title, exact: false }).first().click();
    await expectPath(page, target!.link!);
    await expect
      .poll(async () => {
        const res = await callApi<{ notifications: ApiNotification[]; unread: number }>(
          server.demoUrl,
          '/api/notifications?limit=50',
          { token },
        );
        const opened = res.body.notifications.find((n) => n.id === target!.id);
        return {
          handled: Boolean(opened?.handled_at),
          read: Boolean(opened?.read_at),
          unread: res.body.unread,
        };
      })
      .toEqual({ handled: true, read: true, unread: unreadBefore - 1 });
    await expectVisible(menuDot(page), 'the dot (unread notifications left)');

    await page.goBack();
    await expectPath(page, '/notifications');
    await expectVisible(page.getByText(`${unreadBefore - 1} unread`), 'one unread fewer');

    await page.getByRole('button', { name: 'Mark all read' }).click();
    await expectVisible(page.getByText("You're all caught up."), 'the all read state');
    expect(await page.getByRole('button', { name: /^Unread / }).count()).toBe(0);
    await expect.poll(() => page.getByRole('button', { name: 'Mark all read' }).isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'User menu' }).click();
    await expect
      .poll(() => page.getByRole('menuitem', { name: /Notifications/ }).textContent())
      .not.toContain('Unread notifications');
    await page.keyboard.press('Escape');
    // The dot also stands for pending trainings (SPEC 2); the demo member has one, so the dot stays for now.
    const pending = await pendingTrainingCount(server.demoUrl, token);
    if (pending > 0) expect(await menuDot(page).count(), 'the dot for pending trainings').toBe(1);
    else await expectHidden(menuDot(page), 'the menu dot once everything is read');

    // Without pending trainings (leaving the projects that hold them) nothing is left to flag.
    const projects = await callApi<{
      projects: { id: string; joined: boolean; pending_trainings: number }[];
    }>(server.demoUrl, '/api/projects', { token });
    for (const project of projects.body.projects.filter((p) => p.joined && p.pending_trainings > 0)) {
      const left = await callApi(server.demoUrl, `/api/projects/${project.id}/leave`, {
        method: 'POST',
        token,
      });
      expect(left.status, 'leaving a project with a pending training').toBe(200);
    }
    expect(await pendingTrainingCount(server.demoUrl, token)).toBe(0);
    await page.reload();
    await expectVisible(page.getByText("You're all caught up."), 'the all read state after reload');
    await expectVisible(page.getByRole('button', { name: 'User menu' }), 'the user menu button');
    // Once the menu's data (notifications, projects) has loaded there is nothing to flag.
    await page.waitForLoadState('networkidle');
    expect(await menuDot(page).count(), 'no dot with nothing unread and no pending training').toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows an empty state and no dot to a user without notifications', async () => {
    const { context, page, errors } = await openPage(browser, PHONE);
    await loginThroughForm(page, server.demoUrl, 'lead@demo.test');
    await page.goto(`${server.demoUrl}/notifications`);
    await expectVisible(page.getByRole('heading', { name: 'No notifications yet' }), 'the empty state');
    // lead@demo.test has no notifications and has joined no project with a training.
    const { token } = await apiLogin(server.demoUrl, 'lead@demo.test');
    expect(await pendingTrainingCount(server.demoUrl, token)).toBe(0);
    await page.waitForLoadState('networkidle');
    expect(await menuDot(page).count(), 'no dot without unread notifications or pending trainings').toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('header', () => {
  it('shows the 70x70 home image on / and the 40x40 logo elsewhere, with the page title', async () => {
    for (const viewport of [PHONE, DESKTOP]) {
      const { context, page, errors } = await openPage(browser, viewport);
      await loginThroughForm(page, server.demoUrl, 'admin@demo.test');
      await expectPath(page, '/');
      const logo = page.getByRole('link', { name: 'Demo home' }).getByRole('img', { name: 'Demo' });
      await expectVisible(logo, 'the Demo logo');
      expect(await logo.getAttribute('src')).toBe('/brand/demo-home.svg');
      expect(await logo.boundingBox(), `home image at ${viewport.width} px`).toMatchObject({
        width: 70,
        height: 70,
      });
      await expect.poll(() => page.title()).toBe('Demo');

      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Projects' }).click();
      await expectPath(page, '/projects');
      await expectVisible(pageHeading(page, 'Projects'), 'the header title');
      await expect.poll(() => page.title()).toBe('Projects · Demo');
      expect(await logo.getAttribute('src')).toBe('/brand/demo-logo.svg');
      expect(await logo.boundingBox(), `header logo at ${viewport.width} px`).toMatchObject({
        width: 40,
        height: 40,
      });
      // The logo leads home.
      await page.getByRole('link', { name: 'Demo home' }).click();
      await expectPath(page, '/');
      expect(errors).toEqual([]);
      await context.close();
    }
  });

  it('titles tab pages by the tab and the header by the section', async () => {
    const { context, page, errors } = await openPage(browser, DESKTOP);
    await loginThroughForm(page, server.demoUrl, 'lead@demo.test');
    const cases: [string, string, string][] = [
      ['/community/leaderboard', 'Community', 'Leaderboard · Demo'],
      ['/performance/metrics', 'Performance', 'My Metrics · Demo'],
      ['/admin/users', 'Admin', 'Users · Demo'],
      ['/help', 'Help', 'Help · Demo'],
      ['/training-library', 'Training', 'Training · Demo'],
    ];
    for (const [path, header, title] of cases) {
      await page.goto(`${server.demoUrl}${path}`);
      await expectVisible(pageHeading(page, header), `the header title on ${path}`);
      await expect.poll(() => page.title(), { message: `document title on ${path}` }).toBe(title);
    }
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows the chat button with a badge only when something is unread, and opens the first unread message', async () => {
    const { context, page, errors } = await openPage(browser, PHONE);
    await loginThroughForm(page, server.demoUrl, 'member@demo.test');
    const { token } = await apiLogin(server.demoUrl, 'member@demo.test');
    const seen = await callApi<{ unread: number }>(server.demoUrl, '/api/chat/seen', { token });
    expect(seen.status).toBe(200);
    const chat = page.getByRole('banner').getByRole('link', { name: 'Chat' });
    await expectVisible(chat, 'the chat button');
    // The count comes from the shell's own /api/chat/seen, which may answer after the page settles under load.
    await expect
      .poll(() => page.getByTestId('chat-unread').count(), { message: 'the unread badge', timeout: 20_000 })
      .toBe(seen.body.unread > 0 ? 1 : 0);
    await chat.click();
    // With something unread the button opens the first unread message (/chat?scroll=…), else the list.
    await expectPath(page, seen.body.unread > 0 ? /^\/chat\?(.*&)?scroll=/ : '/chat');
    await expectVisible(
      seen.body.unread > 0
        ? page.getByRole('log')
        : page.getByRole('heading', { name: 'Conversations', level: 2 }),
      'the chat page',
    );
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('not found', () => {
  it('shows a not-found state inside the shell for an unknown route', async () => {
    const { context, page, errors } = await openPage(browser, PHONE);
    await loginThroughForm(page, server.demoUrl, 'lead@demo.test');
    await page.goto(`${server.demoUrl}/this/does/not/exist`);
    await expectVisible(
      page.getByRole('heading', { name: 'Page not found', level: 2 }),
      'the not-found state',
    );
    await expect.poll(() => page.title()).toBe('Page not found · Demo');
    await expectVisible(page.getByRole('navigation', { name: 'Main' }), 'the navigation around it');
    await page.getByRole('link', { name: 'Go Home' }).click();
    await expectPath(page, '/');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('sends a logged-out visitor of an unknown route to log in first', async () => {
    const { context, page, errors } = await openPage(browser, DESKTOP);
    await page.goto(`${server.demoUrl}/nowhere`);
    await expectPath(page, '/login?to=%2Fnowhere');
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('progress banner', () => {
  it('shows "Please wait before closing this tab" while a new photo uploads, then the photo', async () => {
    const account = await createOnboardedAccount(server.demoUrl, { first: 'Pia', last: 'Picture' });
    const { context, page, errors } = await openPage(browser, PHONE);
    await loginThroughForm(page, server.demoUrl, account.email);
    await expectPath(page, '/');
    await page.goto(`${server.demoUrl}/profile`);
    const avatar = page.getByRole('main').getByRole('img', { name: 'Pia Picture' });
    await expectVisible(avatar, 'the default avatar');
    expect(await avatar.getAttribute('src')).toBeNull();

    await page.getByLabel('Change photo').setInputFiles({
      name: 'me.png',
      mimeType: 'image/png',
      buffer: solidPng(64, 64, [20, 120, 200]),
    });
    const banner = page.getByRole('status').filter({ hasText: 'Please wait before closing this tab' });
    await expectVisible(banner, 'the progress banner');
    expect(await banner.textContent()).toContain('Updating your photo');
    await expectVisible(banner.getByRole('progressbar', { name: 'Updating your photo' }), 'the progress bar');

    // The new photo replaces the default avatar, and the banner clears afterwards.
    await expect
      .poll(() => avatar.getAttribute('src'), { timeout: 15_000 })
      .toMatch(/^\/api\/files\/.+\.webp$/);
    await expect
      .poll(() => avatar.evaluate((img) => (img as HTMLImageElement).naturalWidth))
      .toBeGreaterThan(0);
    await expectHidden(banner, 'the progress banner after the upload');
    expect((await apiMe(server.demoUrl, account.token)).image_url).toBe(await avatar.getAttribute('src'));

    // The photo is kept after a reload.
    await page.reload();
    await expect.poll(() => avatar.getAttribute('src')).toMatch(/^\/api\/files\/.+\.webp$/);
    expect(errors).toEqual([]);
    await context.close();
  });
});

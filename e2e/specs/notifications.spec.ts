import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, createOnboardedAccount } from '../fixtures/api.ts';
import { expectHidden, expectPath, expectVisible } from '../fixtures/app.ts';
import { DESKTOP, launchBrowser, loginThroughForm, openPage, PHONE } from '../fixtures/browser.ts';
import { type RunningServer, startServer } from '../fixtures/server.ts';

// Notifications (issue 4): a member's post gets a comment, a reaction and a follow from another member; the
// author sees the unread mark arrive live in the user menu, opens the notification, lands on the post and the
// mark clears; "Mark all read" clears the rest; a push kind is switched off in the settings.
let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const unique = () => Math.random().toString(36).slice(2, 7);

/** Opens the user menu and answers whether its Notifications entry shows the unread dot; closes it again. */
async function menuShowsUnread(page: Page): Promise<boolean> {
  await page.getByRole('button', { name: 'User menu' }).click();
  const menu = page.getByRole('menu', { name: 'User menu' });
  await expectVisible(menu, 'the user menu');
  const entry = menu.getByRole('menuitem', { name: /Notifications/ });
  await expectVisible(entry, 'the Notifications entry');
  const hasDot = (await entry.getByText('Unread notifications').count()) > 0;
  await page.keyboard.press('Escape');
  await expectHidden(menu, 'the closed user menu');
  return hasDot;
}

async function expectMenuUnread(page: Page, expected: boolean, what: string) {
  await expect.poll(() => menuShowsUnread(page), { timeout: 15_000, message: what }).toBe(expected);
}

describe('notifications', () => {
  it('arrive live with the dot, open to their link, clear when opened or all marked read', async () => {
    const u = unique();
    const ana = await createOnboardedAccount(server.demoUrl, { first: `Ana${u}`, last: 'Author' });
    const ben = await createOnboardedAccount(server.demoUrl, { first: `Ben${u}`, last: 'Reader' });
    const post = await callApi<{ post: { id: string } }>(server.demoUrl, '/api/posts', {
      method: 'POST',
      token: ana.token,
      body: { body: `Our booth is ready #e2e${u}` },
    });
    expect(post.status, JSON.stringify(post.body)).toBe(201);
    const postId = post.body.post.id;

    // Ana is in the app with nothing unread.
    const { page } = await openPage(browser, DESKTOP);
    await loginThroughForm(page, server.demoUrl, ana.email);
    await page.goto(`${server.demoUrl}/projects`);
    await expectMenuUnread(page, false, 'no unread notification at first');

    // Ben comments: Ana's menu shows the unread mark without a reload (live stream).
    const comment = await callApi(server.demoUrl, `/api/posts/${postId}/comments`, {
      method: 'POST',
      token: ben.token,
      body: { body: 'Looks great!' },
    });
    expect(comment.status, JSON.stringify(comment.body)).toBeLessThan(300);
    await expectMenuUnread(page, true, 'the unread mark after Ben’s comment');

    // She opens the list from the menu; the comment is unread, with Ben's avatar.
    await page.getByRole('button', { name: 'User menu' }).click();
    await page.getByRole('menuitem', { name: /Notifications/ }).click();
    await expectPath(page, '/notifications');
    const item = page.getByRole('button', { name: new RegExp(`Ben${u} Reader commented on your post`) });
    await expectVisible(item, 'Ben’s comment notification');
    await expectVisible(item.getByText('Unread'), 'the unread mark on it');
    await expectVisible(item.getByRole('img', { name: `Ben${u} Reader` }), 'Ben’s avatar');
    await expectVisible(page.getByText('1 unread'), 'the unread count');

    // Opening it marks it handled and lands on the post.
    await item.click();
    await expectPath(page, `/community/feed?post=${postId}`);
    await expectMenuUnread(page, false, 'no unread mark after opening it');

    // Ben reacts and follows; on a phone, Ana marks everything read at once.
    for (const [method, path, body] of [
      ['PUT', `/api/posts/${postId}/reaction`, { kind: 'like' }],
      ['POST', `/api/users/${ana.user.id}/follow`, undefined],
    ] as const) {
      const res = await callApi(server.demoUrl, path, { method, token: ben.token, body });
      expect(res.status, `${path}: ${JSON.stringify(res.body)}`).toBeLessThan(300);
    }
    const phone = await openPage(browser, PHONE);
    await loginThroughForm(phone.page, server.demoUrl, ana.email);
    await phone.page.goto(`${server.demoUrl}/notifications`);
    await expectVisible(phone.page.getByText('2 unread'), 'two unread after the reaction and the follow');
    await expectVisible(
      phone.page.getByRole('button', { name: new RegExp(`Ben${u} Reader started following you`) }),
      'the follow notification',
    );
    await phone.page.getByRole('button', { name: 'Mark all read' }).click();
    await expectVisible(phone.page.getByText("You're all caught up."), 'all read');
    await expectMenuUnread(phone.page, false, 'no unread mark after Mark all read');
    // The first page noticed the reaction and follow live, and the read-all through a fresh fetch.
    await page.reload();
    await expectMenuUnread(page, false, 'no unread mark on the other device either');
  });

  it('switches a kind off for push in the settings, and it stays off', async () => {
    const u = unique();
    const cy = await createOnboardedAccount(server.demoUrl, { first: `Cy${u}`, last: 'Settings' });
    const { page } = await openPage(browser, PHONE);
    await loginThroughForm(page, server.demoUrl, cy.email);
    await page.goto(`${server.demoUrl}/notifications`);
    await expectVisible(page.getByRole('heading', { name: 'No notifications yet' }), 'the empty state');
    await page.getByRole('link', { name: 'Notification settings' }).click();
    await expectPath(page, '/notifications/settings');
    const comments = page.getByRole('switch', { name: 'Comments' });
    await expectVisible(comments, 'the Comments switch');
    expect(await comments.getAttribute('aria-checked')).toBe('true');
    await comments.click();
    await expect
      .poll(
        async () =>
          (await callApi(server.demoUrl, '/api/notifications/preferences', { token: cy.token })).body,
      )
      .toEqual({ push_off: ['comment'], web_push_key: null });
    await page.reload();
    await expectVisible(page.getByRole('switch', { name: 'Comments', checked: false }), 'Comments still off');
    expect(await page.getByRole('switch', { name: 'Mentions' }).getAttribute('aria-checked')).toBe('true');
  });
});

import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectPath, expectVisible, linkNames } from '../fixtures/app.ts';
import { DESKTOP, launchBrowser, loginThroughForm, openPage, PHONE } from '../fixtures/browser.ts';
import { type RunningServer, startServer } from '../fixtures/server.ts';

// An admin saves the brand on /admin/general; a member's tab that is already open repaints at once, through the
// live stream, without a reload (issue 11).
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

describe('Live brand', () => {
  it("repaints a member's open tab in the colour and words an admin just saved, without a reload", async () => {
    const member = await openPage(browser, DESKTOP);
    const streamOpen = member.page.waitForResponse((r) => r.url().endsWith('/api/notifications/stream'));
    await loginThroughForm(member.page, server.demoUrl, 'member@demo.test');
    await expectPath(member.page, '/');
    expect((await streamOpen).status(), 'the live stream is open').toBe(200);
    expect(await linkNames(mainNav(member.page))).toContain('Projects');
    const before = await primaryColour(member.page);
    expect(before).not.toBe('#1D4ED8');
    // Marks this very document: a reload would lose it.
    await member.page.evaluate(() => {
      (window as unknown as { sameDocument: boolean }).sameDocument = true;
    });

    const admin = await openPage(browser, PHONE);
    await loginThroughForm(admin.page, server.demoUrl, 'admin@demo.test');
    await admin.page.goto(`${server.demoUrl}/admin/general`);
    await expectVisible(
      admin.page.getByRole('heading', { name: 'General settings' }),
      'the General settings page',
    );
    await admin.page.getByLabel('Primary colour', { exact: true }).fill('#1D4ED8');
    await admin.page.getByLabel('Word for project', { exact: true }).fill('Campaign');
    await admin.page.getByLabel('Word for projects (plural)').fill('Campaigns');
    await admin.page.getByRole('button', { name: 'Save changes' }).click();
    await expectVisible(admin.page.getByText('Settings saved'), 'the success toast');

    await expect.poll(() => primaryColour(member.page), { timeout: 10_000 }).toBe('#1D4ED8');
    await expect.poll(() => linkNames(mainNav(member.page))).toContain('Campaigns');
    expect(await linkNames(mainNav(member.page))).not.toContain('Projects');
    // What the page paints with follows the variable, e.g. the home greeting card.
    const cardColour = await member.page
      .getByRole('heading', { name: /^Hi, / })
      .evaluate((el) => getComputedStyle(el.closest('section') ?? el).backgroundColor);
    expect(cardColour).toBe('rgb(29, 78, 216)');
    expect(
      await member.page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument),
      'the tab was not reloaded',
    ).toBe(true);

    // The server's own head of a fresh page has the new brand as well (its tenant cache was dropped on save).
    const html = await (await fetch(`${server.demoUrl}/projects`)).text();
    expect(html.toLowerCase()).toContain('--color-primary:#1d4ed8');

    expect(member.errors).toEqual([]);
    expect(admin.errors).toEqual([]);
    await Promise.all([member.context.close(), admin.context.close()]);
  });
});

import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectPath, expectVisible, linkNames, pageHeading } from '../fixtures/app.ts';
import { DESKTOP, launchBrowser, loginThroughForm, openPage, PHONE } from '../fixtures/browser.ts';
import { solidPng } from '../fixtures/png.ts';
import { type RunningServer, startServer } from '../fixtures/server.ts';

// The Demo admin edits the client's own settings on /admin/general (SPEC 1, 6); changes apply at once.
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
const saveButton = (page: Page) => page.getByRole('button', { name: 'Save changes' });

async function openGeneral(page: Page) {
  await loginThroughForm(page, server.demoUrl, 'admin@demo.test');
  await page.goto(`${server.demoUrl}/admin/general`);
  await expectVisible(page.getByRole('heading', { name: 'General settings' }), 'the General settings page');
}

describe('/admin/general', () => {
  it('renames the project word and the navigation shows it without a reload', async () => {
    const { context, page, errors } = await openPage(browser, DESKTOP);
    await openGeneral(page);
    expect(await saveButton(page).isDisabled(), 'nothing to save yet').toBe(true);

    await page.getByLabel('Word for project', { exact: true }).fill('Campaign');
    await page.getByLabel('Word for projects (plural)').fill('Campaigns');
    await expectVisible(page.getByText('Join a Campaign'), 'the words preview');
    // A pale primary colour warns that white text would be hard to read on it.
    await page.getByLabel('Primary colour', { exact: true }).fill('#FDE047');
    await expectVisible(page.getByText(/White text is hard to read/), 'the contrast warning');
    await page.getByLabel('Primary colour', { exact: true }).fill('#1D4ED8');
    // A bad value is refused in the form, next to its field, before anything is sent.
    await page.getByLabel('Terms URL').fill('ftp://demo.example/terms');
    await saveButton(page).click();
    await expectVisible(page.getByText('must be empty or a web address'), 'the terms URL error');
    await page.getByLabel('Terms URL').fill('https://demo.example/terms');
    await saveButton(page).click();

    await expectVisible(page.getByText('Settings saved'), 'the success toast');
    await expectVisible(page.getByText('All changes saved'), 'the clean save bar');
    await expect.poll(() => linkNames(mainNav(page))).toContain('Campaigns');
    expect(await linkNames(mainNav(page))).not.toContain('Projects');
    const primary = await page.evaluate(() =>
      getComputedStyle(document.documentElement).getPropertyValue('--color-primary').trim().toUpperCase(),
    );
    expect(primary, 'the new colour applies at once').toBe('#1D4ED8');
    await mainNav(page).getByRole('link', { name: 'Campaigns' }).click();
    await expectPath(page, '/projects');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('switches Community to the white-label variant, and a member then sees no Feed or Following', async () => {
    const admin = await openPage(browser, PHONE);
    await openGeneral(admin.page);
    await admin.page.getByRole('radio', { name: /White-label community/ }).click();
    await saveButton(admin.page).click();
    await expectVisible(admin.page.getByText('Settings saved'), 'the success toast');
    expect(admin.errors).toEqual([]);
    await admin.context.close();

    const { context, page, errors } = await openPage(browser, DESKTOP);
    await loginThroughForm(page, server.demoUrl, 'member@demo.test');
    const community = mainNav(page).getByRole('link', { name: 'Community' });
    await expectVisible(community, 'the Community link');
    expect(await community.getAttribute('href')).toBe('/community/teams');
    await community.click();
    await expectPath(page, '/community/teams');
    const tabs = page.getByRole('navigation', { name: 'Community pages' });
    expect(await linkNames(tabs)).toEqual(['My Teams', 'Leaderboard']);
    // The feed is gone: its address opens the first tab the client has.
    await page.goto(`${server.demoUrl}/community/feed`);
    await expectPath(page, '/community/teams');
    expect(await linkNames(tabs)).toEqual(['My Teams', 'Leaderboard']);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('uploads a favicon as a change to save, and removes it again', async () => {
    const { context, page, errors } = await openPage(browser, DESKTOP);
    await openGeneral(page);
    const favicon = page.getByRole('group', { name: 'Favicon' });
    await favicon.locator('input[type=file]').setInputFiles({
      name: 'icon.png',
      mimeType: 'image/png',
      buffer: solidPng(64, 64, [220, 40, 40]),
    });
    await expect
      .poll(() => favicon.locator('img').getAttribute('src'))
      .toMatch(/^\/api\/files\/[0-9a-f-]{36}\.webp$/);
    expect(await saveButton(page).isDisabled(), 'a new favicon is a change to save').toBe(false);
    await favicon.getByRole('button', { name: 'Remove Favicon' }).click();
    // The click only asks React to drop the image; wait for the re-render to take it out, then check it is gone.
    await favicon.locator('img').waitFor({ state: 'detached' });
    expect(await favicon.locator('img').count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('asks before pausing the app', async () => {
    const { context, page, errors } = await openPage(browser, PHONE);
    await openGeneral(page);
    await page.getByRole('switch', { name: 'Pause the app' }).click();
    const dialog = page.getByRole('dialog', { name: 'Pause the app?' });
    await expectVisible(dialog, 'the pause confirmation');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    expect(await page.getByRole('switch', { name: 'Pause the app' }).getAttribute('aria-checked')).toBe(
      'false',
    );
    expect(await saveButton(page).isDisabled(), 'cancelling changed nothing').toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('/admin/general custom URL', () => {
  it("sets Acme's custom URL, and /c/{slug} and its subdomain open Acme's app", async () => {
    const admin = await openPage(browser, PHONE);
    await loginThroughForm(admin.page, server.acmeUrl, 'admin@acme.test');
    await admin.page.goto(`${server.acmeUrl}/admin/general`);
    const field = admin.page.getByRole('textbox', { name: 'Custom URL' });
    await field.fill('acme crew');
    await admin.page.getByRole('button', { name: 'Save custom URL' }).click();
    await expectVisible(
      admin.page.getByText('Custom URL must contain only letters, numbers, hyphens, and underscores'),
      "SPEC 5's message",
    );
    await field.fill('acme-crew');
    await admin.page.getByRole('button', { name: 'Save custom URL' }).click();
    const shared = `${server.demoUrl}/c/acme-crew`;
    const subdomain = `http://acme-crew.localhost:${server.port}`;
    await expectVisible(admin.page.getByRole('link', { name: shared }), 'the shared address');
    await expectVisible(admin.page.getByRole('link', { name: subdomain }), 'the subdomain address');
    expect(admin.errors).toEqual([]);
    await admin.context.close();

    // A visitor on the shared host is taken to Acme's own address, the path kept.
    const visitor = await openPage(browser, DESKTOP);
    await visitor.page.goto(`${shared}/help`);
    await expectPath(visitor.page, '/help');
    expect(new URL(visitor.page.url()).origin).toBe(server.acmeUrl);
    await expect.poll(() => visitor.page.title()).toContain('Acme');
    // The subdomain of the app's host answers as Acme itself.
    await visitor.page.goto(`${subdomain}/login`);
    await expectVisible(pageHeading(visitor.page, 'Log in to Acme'), 'the Acme login card on its subdomain');
    expect(visitor.errors).toEqual([]);
    await visitor.context.close();
  });
});

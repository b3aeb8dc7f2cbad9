import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uniqueEmail } from '../fixtures/api.ts';
import { expectVisible } from '../fixtures/app.ts';
import { DESKTOP, launchBrowser, loginThroughForm, openPage } from '../fixtures/browser.ts';
import { type RunningServer, startServer } from '../fixtures/server.ts';

// CSV invitation import (issue 14): the import runs in the background with the progress banner, reports its bad
// rows, and the invited people show in the users list.
let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('/admin/users CSV import', () => {
  it('imports a CSV with one bad row while the banner shows progress, then lists the invited people', async () => {
    const [ana, bo] = [uniqueEmail('csv-ana'), uniqueEmail('csv-bo')];
    const csv = `email,role,teams,first_name,last_name\n${ana},USER,Marketing,Ana,Import\nnot-an-email,USER,,,\n${bo},,,Bo,Import\n`;
    const { context, page, errors } = await openPage(browser, DESKTOP);
    await loginThroughForm(page, server.demoUrl, 'admin@demo.test');
    await page.goto(`${server.demoUrl}/admin/users`);
    await page.getByRole('button', { name: 'Import CSV' }).click();
    const dialog = page.getByRole('dialog', { name: 'Invite people from a CSV' });
    await dialog.getByLabel('CSV file').setInputFiles({
      name: 'people.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(csv),
    });
    await dialog.getByRole('button', { name: 'Import' }).click();

    // The banner shows behind the open dialog, which makes the page around it inert (out of the accessibility
    // tree, so not found by role): a screen reader hears the dialog's own status instead. Found here by its markup.
    const banner = page.locator('[role="status"]', { hasText: 'Please wait before closing this tab' });
    await expectVisible(banner, 'the progress banner');
    await expectVisible(
      banner.locator('[role="progressbar"][aria-label="Importing people.csv"]'),
      'the progress bar',
    );

    const table = dialog.getByRole('table', { name: 'Rows not imported' });
    await expectVisible(table, 'the row errors');
    expect(await table.getByRole('row').nth(1).textContent()).toBe(
      '3emailEmail must be a valid email address',
    );
    await expectVisible(
      dialog.getByText('Invited 2, already there 0, rows with a problem 1.'),
      'the summary',
    );
    await dialog.getByRole('button', { name: 'Close' }).first().click();

    for (const [email, name] of [
      [ana, 'Ana Import'],
      [bo, 'Bo Import'],
    ]) {
      await page.getByRole('searchbox', { name: 'Search' }).fill(email!);
      await expectVisible(
        page.getByRole('table').getByRole('button', { name: `Revoke the invitation of ${name}` }),
        `the invited row of ${email}`,
      );
    }
    expect(errors).toEqual([]);
    await context.close();
  });
});

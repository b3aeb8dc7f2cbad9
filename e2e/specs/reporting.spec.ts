import { readFile } from 'node:fs/promises';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectVisible } from '../fixtures/app.ts';
import { axeViolations, horizontalOverflow } from '../fixtures/axe.ts';
import { DESKTOP, launchBrowser, loginThroughForm, openPage, PHONE } from '../fixtures/browser.ts';
import { type RunningServer, startServer } from '../fixtures/server.ts';

// Admin Reporting (issue 13): admin@demo.test reads the seeded reports at 1280 and 360 px, and exports the members
// report to CSV, downloaded while the progress banner shows the export's steps.
let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('/admin/reporting', () => {
  it('shows a report with its chart and sortable table, accessible at 1280 and 360 px', async () => {
    for (const viewport of [DESKTOP, PHONE]) {
      const { context, page, errors } = await openPage(browser, viewport);
      await loginThroughForm(page, server.demoUrl, 'admin@demo.test');
      await page.goto(`${server.demoUrl}/admin/reporting?report=shares`);
      const chart = page.getByRole('img', {
        name: /^Shares and clicks from .*: Unique clicks \d+, Shares \d+\.$/,
      });
      await expectVisible(chart, 'the shares chart');
      await expectVisible(chart.locator('canvas'), 'the drawing of the chart');
      const table = page.getByRole('table', { name: /^Shares and clicks, .* sorted by Shares/ });
      await expectVisible(table.getByRole('rowheader').first(), 'a network row');
      await table.getByRole('button', { name: 'Sort by Unique clicks' }).click();
      await page.waitForURL(/sort=clicks/);
      await expectVisible(
        page.getByRole('table', { name: /sorted by Unique clicks \(descending\)/ }),
        'the table sorted by clicks',
      );
      expect(await horizontalOverflow(page)).toBe(0);
      expect(await axeViolations(page)).toEqual([]);
      expect(errors).toEqual([]);
      await context.close();
    }
  });

  it('exports a report to CSV and downloads it while the banner shows progress', async () => {
    const context = await browser.newContext({ viewport: DESKTOP, acceptDownloads: true });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    await loginThroughForm(page, server.demoUrl, 'admin@demo.test');
    await page.goto(`${server.demoUrl}/admin/reporting?report=members`);
    await expectVisible(page.getByRole('table', { name: /^Members' activity/ }), 'the members table');

    const download = page.waitForEvent('download', { timeout: 30_000 });
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const banner = page.getByRole('status').filter({ hasText: 'Please wait before closing this tab' });
    await expectVisible(banner, 'the progress banner');
    await expectVisible(
      banner.getByRole('progressbar', { name: "Exporting the Members' activity report (CSV)" }),
      'the progress bar',
    );
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^members-report-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = await readFile((await file.path())!, 'utf8');
    const lines = csv.trim().split('\r\n');
    expect(lines[0]).toBe('"Member","Email","Points","Shares","Clicks","Completions","Active seconds"');
    expect(lines.length).toBeGreaterThan(3);
    expect(csv).toContain('member@demo.test');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('exports a report to XLSX: a workbook named for the report and the day, with the table as its sheet', async () => {
    const context = await browser.newContext({ viewport: DESKTOP, acceptDownloads: true });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    await loginThroughForm(page, server.demoUrl, 'admin@demo.test');
    await page.goto(`${server.demoUrl}/admin/reporting?report=members`);
    await expectVisible(page.getByRole('table', { name: /^Members' activity/ }), 'the members table');

    const download = page.waitForEvent('download', { timeout: 30_000 });
    await page.getByRole('button', { name: 'Export XLSX' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^members-report-\d{4}-\d{2}-\d{2}\.xlsx$/);
    const workbook = await readFile((await file.path())!);
    // An XLSX file is a zip archive whose directory names the workbook and its sheet (the cells themselves are
    // compressed; the API tests read them back).
    expect(workbook.subarray(0, 4).toString('latin1')).toBe('PK\x03\x04');
    const names = workbook.toString('latin1');
    for (const part of ['[Content_Types].xml', 'xl/workbook.xml', 'xl/worksheets/sheet1.xml'])
      expect(names, part).toContain(part);
    expect(workbook.length).toBeGreaterThan(2_000);
    expect(errors).toEqual([]);
    await context.close();
  });
});

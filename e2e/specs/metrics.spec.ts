import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectVisible } from '../fixtures/app.ts';
import { axeViolations, horizontalOverflow } from '../fixtures/axe.ts';
import { launchBrowser, loginThroughForm, openPage, PHONE } from '../fixtures/browser.ts';
import { type RunningServer, startServer } from '../fixtures/server.ts';

// My Metrics and Home (issue 13): member@demo.test's seeded months of points, shares, clicks and active time.

let dataDir: string;
let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'rally-e2e-metrics-'));
  [server, browser] = await Promise.all([startServer({ DATA_DIR: dataDir }), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('my metrics', () => {
  it('shows Home with points and rank, then charts with accessible names, periods and tables at 360 px', async () => {
    const { context, page, errors } = await openPage(browser, PHONE);
    await loginThroughForm(page, server.demoUrl, 'member@demo.test');

    // Home: this week's points and rank, streak and what to do next.
    await page.goto(`${server.demoUrl}/`);
    const week = page.getByRole('region', { name: 'Your week' });
    await expectVisible(week, 'the week on Home');
    await expectVisible(week.getByText('Points this week'), 'points this week');
    await expectVisible(week.getByText(/^#\d+$/), 'the rank this week');
    await expectVisible(page.getByRole('region', { name: 'What to do next' }), 'what to do next');
    expect(await axeViolations(page)).toEqual([]);

    // My Metrics: six charts, each an image named by what it shows.
    await week.getByRole('link', { name: 'See your metrics' }).click();
    await page.waitForURL(/\/performance\/metrics/);
    const points = page.getByRole('img', { name: /Bar chart of your points per day/ });
    await expectVisible(points, 'the points chart');
    for (const name of [
      /shares per network: /,
      /unique clicks on your links/,
      /activities you completed by type/,
      /weekly rank/,
      /time active in the app/,
    ]) {
      await expectVisible(page.getByRole('img', { name }), `the chart ${name}`);
    }
    await expectVisible(points.locator('canvas'), 'the drawing of the points chart');
    expect(await horizontalOverflow(page)).toBe(0);
    expect(await axeViolations(page)).toEqual([]);

    // Another period: the address and the charts follow.
    await page.getByRole('radio', { name: 'Last 90 days' }).click();
    await page.waitForURL(/period=90d/);
    await expectVisible(
      page.getByRole('img', { name: /Bar chart of your points per week/ }),
      'weekly points',
    );

    // The table of a chart, comparisons included.
    await page.getByRole('button', { name: 'Show table: Shares by network' }).click();
    const table = page.getByRole('table', { name: 'Shares by network' });
    await expectVisible(table, 'the shares table');
    await expectVisible(table.getByRole('columnheader', { name: 'Median member' }), 'the median column');
    expect(await horizontalOverflow(page)).toBe(0);
    expect(await axeViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
});

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiLogin, callApi } from '../fixtures/api.ts';
import { expectVisible } from '../fixtures/app.ts';
import { axeViolations, horizontalOverflow } from '../fixtures/axe.ts';
import { DESKTOP, launchBrowser, loginThroughForm, openPage, PHONE } from '../fixtures/browser.ts';
import { type RunningServer, startServer } from '../fixtures/server.ts';

// Admin Dashboard (issue 13): admin@demo.test sees the program's seeded figures at 1280 and 360 px; lead@demo.test
// (an ANALYST leading Sales) sees the same page for their team only.

let dataDir: string;
let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'rally-e2e-dashboard-'));
  [server, browser] = await Promise.all([startServer({ DATA_DIR: dataDir }), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

interface Dashboard {
  scope: string;
  members: number;
  shares: { value: number };
  applicants_waiting: unknown;
  top_teams: { name: string }[];
  top_members: { name: string; points: number }[];
  trainings_completion: { value: number };
}

async function dashboardOf(email: string): Promise<Dashboard> {
  const { token } = await apiLogin(server.demoUrl, email);
  const res = await callApi<Dashboard>(server.demoUrl, '/api/admin/dashboard?period=30d', { token });
  expect(res.status).toBe(200);
  return res.body;
}

describe('admin dashboard', () => {
  it('shows an admin the figures with trends, charts and links at 1280 and 360 px', async () => {
    const api = await dashboardOf('admin@demo.test');
    expect(api.scope).toBe('client');
    expect(api.shares.value).toBeGreaterThan(0);

    for (const viewport of [DESKTOP, PHONE]) {
      const { context, page, errors } = await openPage(browser, viewport);
      await loginThroughForm(page, server.demoUrl, 'admin@demo.test');
      await page.goto(`${server.demoUrl}/admin`);
      const figures = page.getByRole('region', { name: 'Figures of the period' });
      await expectVisible(figures, 'the figures');
      const shares = figures.getByRole('link', { name: /^Shares/ });
      await expectVisible(shares, 'the shares tile');
      expect(await shares.textContent()).toContain(api.shares.value.toLocaleString('en'));
      expect(await shares.textContent()).toMatch(/(Up|Down|No change).* vs the 30 days before/);
      await expectVisible(figures.getByRole('link', { name: /^Applicants waiting/ }), 'the applicants tile');
      const completion = figures.getByRole('link', { name: /^Training completion/ });
      expect(await completion.textContent()).toContain(
        `${api.trainings_completion.value.toLocaleString('en')}%`,
      );
      // The top member's row: points, and the trend against the period before in words.
      const top = page
        .getByRole('listitem')
        .filter({ has: page.getByRole('link', { name: api.top_members[0]!.name, exact: true }) })
        .first();
      await expectVisible(top, 'the top member');
      expect(await top.textContent()).toMatch(
        /(Up|Down|No change).* vs the 30 days before \(was [\d,]+ points?\)/,
      );
      const chart = page.getByRole('img', { name: /Shares and unique clicks each day/ });
      await expectVisible(chart, 'the shares chart');
      await expectVisible(chart.locator('canvas'), 'the drawing of the shares chart');
      expect(await horizontalOverflow(page)).toBe(0);
      expect(await axeViolations(page)).toEqual([]);

      if (viewport === DESKTOP) {
        await page.getByRole('radio', { name: 'Last 7 days' }).click();
        await page.waitForURL(/period=7d/);
        await expectVisible(figures.getByText(/vs the 7 days before/).first(), 'the 7-day comparison');
        await figures.getByRole('link', { name: /^Brand Content waiting/ }).click();
        await page.waitForURL(/\/admin\/participation\?status=pending&type=content_submission/);
      }
      expect(errors).toEqual([]);
      await context.close();
    }
  });

  it("shows a team lead only their teams' figures", async () => {
    const admin = await dashboardOf('admin@demo.test');
    const lead = await dashboardOf('lead@demo.test');
    expect(lead.scope).toBe('teams');
    expect(lead.members).toBeGreaterThan(0);
    expect(lead.members).toBeLessThan(admin.members);
    expect(lead.applicants_waiting).toBeNull();
    expect(lead.top_teams.map((t) => t.name)).toEqual(['Sales']);

    for (const viewport of [PHONE, DESKTOP]) {
      const { context, page, errors } = await openPage(browser, viewport);
      await loginThroughForm(page, server.demoUrl, 'lead@demo.test');
      await page.goto(`${server.demoUrl}/admin`);
      await expectVisible(
        page.getByText(`What your Teams achieved: ${lead.members} members.`),
        `the lead intro at ${viewport.width} px`,
      );
      const figures = page.getByRole('region', { name: 'Figures of the period' });
      await expectVisible(figures, 'the figures');
      expect(await figures.getByRole('link', { name: /^Applicants waiting/ }).count()).toBe(0);
      expect(await horizontalOverflow(page)).toBe(0);
      expect(await axeViolations(page)).toEqual([]);
      expect(errors).toEqual([]);
      await context.close();
    }
  });
});

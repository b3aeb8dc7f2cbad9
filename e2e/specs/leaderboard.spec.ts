import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiLogin, callApi, createOnboardedAccount } from '../fixtures/api.ts';
import { expectVisible } from '../fixtures/app.ts';
import { DESKTOP, launchBrowser, loginThroughForm, openPage, PHONE } from '../fixtures/browser.ts';
import { createProjectWithActivity } from '../fixtures/projects.ts';
import { type RunningServer, startServer } from '../fixtures/server.ts';

// Leaderboard (issue 4): points earned now count this week and all time; an award from two months ago only all
// time. Nothing in the app writes a dated award, so the spec stops the server, adds that ledger row straight to
// its embedded database (the rollup trigger does the rest) and starts the server again on the same data.

let dataDir: string;
let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'rally-e2e-leaderboard-'));
  [server, browser] = await Promise.all([startServer({ DATA_DIR: dataDir }), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

/** Adds a ledger row dated `interval` ago for a user, with the server stopped, then starts it again. */
async function addOldPoints(userId: string, points: number, interval: string) {
  await server.stop();
  const db = await PGlite.create(join(dataDir, 'pglite'));
  await db.query(
    `insert into points_ledger (id, client_id, user_id, points, source, created_at)
     select gen_random_uuid(), client_id, id, $2, 'e2e:old-award', now() - $3::interval from users where id = $1`,
    [userId, points, interval],
  );
  await db.close();
  server = await startServer({ DATA_DIR: dataDir });
}

const myRow = (page: Page) => page.locator('li[data-mine]');
const settled = (page: Page) => expect.poll(() => page.locator('[aria-busy="true"]').count()).toBe(0);

/** Whether a response is the ranking's answer: its first page, or a later one (`cursor`). */
const isRanking = (later: boolean) => (r: { url(): string }) => {
  const url = new URL(r.url());
  return url.pathname === '/api/leaderboard' && url.searchParams.has('cursor') === later;
};

/** Shows more of the ranking until the member's own row is among the rows. Each press waits for the rows it adds
 * to be drawn, so the next press never meets the previous one's busy button (or a button the last page removed). */
async function showMyRow(page: Page) {
  const more = page.getByRole('button', { name: 'Show more' });
  const rows = page.locator('li');
  await settled(page);
  for (let i = 0; i < 10 && (await myRow(page).count()) === 0 && (await more.count()) > 0; i++) {
    const before = await rows.count();
    const answered = page.waitForResponse(isRanking(true));
    await more.click();
    await answered;
    await expect.poll(() => rows.count()).toBeGreaterThan(before);
    await settled(page);
  }
  await expectVisible(myRow(page), 'my own row in the ranking');
}

/** Changes the filter and waits until the ranking drawn is the new filter's, not the previous one kept dimmed. */
async function changeFilter(page: Page, act: () => Promise<void>) {
  const answered = page.waitForResponse(isRanking(false));
  await act();
  await answered;
  await settled(page);
}

async function choosePeriod(page: Page, label: string) {
  await changeFilter(page, () => page.getByRole('radio', { name: label }).click());
  await expect.poll(() => page.getByRole('radio', { name: label }).getAttribute('aria-checked')).toBe('true');
}

describe('leaderboard', () => {
  it('shows points earned now in this week and all time, and an award from two months ago only in all time', async () => {
    const { token: adminToken } = await apiLogin(server.demoUrl, 'admin@demo.test');
    const { projectId, activityId } = await createProjectWithActivity(server, adminToken, {
      title: 'Tell us your favourite feature',
      points: 35,
      config: { type: 'general_participation', prompt: 'Which one?', response: 'text', choices: [] },
    });
    const member = await createOnboardedAccount(server.demoUrl, { first: 'Ranked', last: 'Spec' });
    expect(
      (
        await callApi(server.demoUrl, `/api/projects/${projectId}/join`, {
          method: 'POST',
          token: member.token,
        })
      ).status,
    ).toBe(200);
    const done = await callApi<{ points_awarded: number }>(
      server.demoUrl,
      `/api/activities/${activityId}/participation`,
      {
        method: 'POST',
        token: member.token,
        body: { type: 'general_participation', text: 'The leaderboard, obviously' },
      },
    );
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.points_awarded).toBe(35);
    await addOldPoints(member.user.id, 100, '2 months');

    const { context, page, errors } = await openPage(browser, DESKTOP);
    await loginThroughForm(page, server.demoUrl, member.email);
    await page.goto(`${server.demoUrl}/community/leaderboard`);
    // Off the first page, the member's standing is kept in view; showing more reaches their highlighted row.
    const mine = page.locator('[data-mine]');
    await expectVisible(mine, 'my own standing this week');
    expect(await mine.first().textContent()).toContain('35 pts');
    await showMyRow(page);
    await expectVisible(myRow(page).getByText('You', { exact: true }), 'the You mark on my row');
    expect(await myRow(page).textContent()).toContain('Ranked Spec');
    expect(await myRow(page).textContent()).toContain('35 pts');

    await choosePeriod(page, 'This month');
    await showMyRow(page);
    await expect.poll(() => myRow(page).textContent()).toContain('35 pts');
    await choosePeriod(page, 'All time');
    await showMyRow(page);
    await expect.poll(() => myRow(page).textContent()).toContain('135 pts');
    expect(new URL(page.url()).searchParams.get('period')).toBe('all');

    // The project filter ranks that project's points only: the old award had none.
    await page.getByRole('button', { name: /All projects/ }).click();
    await changeFilter(page, () =>
      page.getByRole('option', { name: /Tell us your favourite feature/ }).click(),
    );
    await showMyRow(page);
    await expect.poll(() => myRow(page).textContent()).toContain('35 pts');
    expect(errors).toEqual([]);
    await context.close();
  });

  it("keeps a member's own standing in view at phone width, with tied ranks shown", async () => {
    const { context, page, errors } = await openPage(browser, PHONE);
    await loginThroughForm(page, server.demoUrl, 'member@demo.test');
    await page.goto(`${server.demoUrl}/community/leaderboard`);
    await expectVisible(page.getByRole('region', { name: 'Top three' }), 'the podium');
    await expectVisible(page.locator('[data-mine]').first(), "the member's own row");
    await expectVisible(page.getByText('tied').first(), 'a tied rank');
    const week = await callApi<{ me: { rank: number; points: number } }>(
      server.demoUrl,
      '/api/leaderboard?period=week',
      { token: (await apiLogin(server.demoUrl, 'member@demo.test')).token },
    );
    expect(week.body.me.points).toBeGreaterThan(0);
    expect(await page.locator('[data-mine]').first().textContent()).toContain(`${week.body.me.points} pts`);
    expect(errors).toEqual([]);
    await context.close();
  });
});

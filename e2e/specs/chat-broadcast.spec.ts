import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectVisible } from '../fixtures/app.ts';
import { DESKTOP, launchBrowser, loginThroughForm, openPage } from '../fixtures/browser.ts';
import { type RunningServer, startServer } from '../fixtures/server.ts';

// Broadcast (issue 12): an admin sends a message to the Marketing team from /admin/chat (after a confirmation), a
// member of it finds it in their line to the brand team, and the admin sees it delivered.
let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('chat broadcast', () => {
  it('an admin broadcasts to a team; a member of it reads it in their brand-team line', async () => {
    const text = `Spring kick-off at 10, all hands ${Math.random().toString(36).slice(2, 7)}`;
    const admin = await openPage(browser, DESKTOP);
    await loginThroughForm(admin.page, server.demoUrl, 'admin@demo.test');
    await admin.page.goto(`${server.demoUrl}/admin/chat`);
    await admin.page.getByRole('button', { name: 'Broadcast' }).click();
    const dialog = admin.page.getByRole('dialog', { name: 'Broadcast' });
    await expectVisible(dialog.getByRole('radio', { name: 'A Team' }), 'the broadcast dialog');
    await dialog.getByRole('radio', { name: 'A Team' }).click();
    await dialog.getByRole('button', { name: /^Team/ }).click();
    await admin.page.getByRole('option', { name: 'Marketing' }).click();
    await dialog.getByRole('textbox', { name: 'Message' }).fill(text);
    await dialog.getByRole('button', { name: 'Review' }).click();
    await expectVisible(dialog.getByRole('heading', { name: 'Send this to Marketing?' }), 'the confirmation');
    await dialog.getByRole('button', { name: 'Send broadcast' }).click();

    // Delivered in the background: the list counts it (and refreshes while it is on its way).
    const row = dialog.getByTestId('broadcast-row').filter({ hasText: text });
    await expectVisible(row, 'the new broadcast in the list');
    await expect
      .poll(async () => Number(/Delivered to (\d+)/.exec((await row.textContent()) ?? '')?.[1] ?? 0), {
        timeout: 20_000,
      })
      .toBeGreaterThanOrEqual(1);

    const member = await openPage(browser, DESKTOP);
    await loginThroughForm(member.page, server.demoUrl, 'member@demo.test');
    await member.page.goto(`${server.demoUrl}/chat`);
    await member.page
      .getByRole('navigation', { name: 'Conversations' })
      .getByRole('link', { name: /brand team/ })
      .click();
    await expectVisible(
      member.page.getByRole('log').first().getByText(text),
      'the broadcast in Maya’s line',
      20_000,
    );
    expect(admin.errors).toEqual([]);
    expect(member.errors).toEqual([]);
    await admin.context.close();
    await member.context.close();
  });
});

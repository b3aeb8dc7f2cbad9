import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiLogin, callApi, createOnboardedAccount } from '../fixtures/api.ts';
import { expectVisible } from '../fixtures/app.ts';
import { expectNoAxeViolations } from '../fixtures/axe.ts';
import { DESKTOP, launchBrowser, loginThroughForm, openPage, PHONE } from '../fixtures/browser.ts';
import { createProjectWithActivity, unique } from '../fixtures/projects.ts';
import { type RunningServer, startServer } from '../fixtures/server.ts';

// Badges (issue 13): an admin creates a badge for one completed activity in /admin/badges (the banner follows
// its recomputation); a new member completes an activity, earns it, is notified, sees it in My Badges (the tab
// appears) and in the feed's celebration. /admin/badges and /performance/badges have no axe violations.
let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('badges', () => {
  it('an admin creates a badge, a member earns it, is notified and sees it in My Badges', async () => {
    const name = `E2E Doer ${unique()}`;

    // The admin creates it in /admin/badges: one completed activity of any type.
    const admin = await openPage(browser, DESKTOP);
    await loginThroughForm(admin.page, server.demoUrl, 'admin@demo.test');
    await admin.page.goto(`${server.demoUrl}/admin/badges`);
    await expectVisible(
      admin.page.getByRole('heading', { name: 'Badges members can earn' }),
      'the badge list',
    );
    await expectNoAxeViolations(admin.page, '/admin/badges');
    await admin.page.getByRole('button', { name: 'New badge' }).click();
    const dialog = admin.page.getByRole('dialog', { name: 'New badge' });
    // The modal's own element has no box (its panel is fixed inside it): wait for its contents.
    await expectVisible(dialog.getByRole('textbox', { name: 'Name' }), 'the new badge dialog');
    await dialog.getByRole('textbox', { name: 'Name' }).fill(name);
    await dialog.getByRole('textbox', { name: 'Description' }).fill('Complete any activity');
    await dialog.getByRole('button', { name: /Earned for/ }).click();
    await admin.page.getByRole('option', { name: 'Completed activities' }).click();
    await dialog.getByRole('spinbutton', { name: 'Target' }).fill('1');
    await dialog.getByRole('button', { name: 'Create badge' }).click();
    await expectVisible(admin.page.getByRole('heading', { name, level: 3 }), 'the new badge in the list');
    // Its recomputation over every member runs in the background; the banner follows it to the end.
    await expect
      .poll(() => admin.page.getByRole('progressbar', { name: `Badge: ${name}` }).count(), {
        timeout: 30_000,
      })
      .toBe(0);
    await admin.context.close();

    // A new member completes an activity: the badge job awards it and notifies them.
    const { token: adminToken } = await apiLogin(server.demoUrl, 'admin@demo.test');
    const { projectId, activityId } = await createProjectWithActivity(server, adminToken, {
      title: 'Tell us about your week',
      points: 10,
      config: { type: 'general_participation', prompt: 'How was it?', response: 'text', choices: [] },
    });
    const member = await createOnboardedAccount(server.demoUrl, { first: 'Badger', last: 'Spec' });
    const joined = await callApi(server.demoUrl, `/api/projects/${projectId}/join`, {
      method: 'POST',
      token: member.token,
    });
    expect(joined.status).toBe(200);
    const done = await callApi(server.demoUrl, `/api/activities/${activityId}/participation`, {
      method: 'POST',
      token: member.token,
      body: { type: 'general_participation', text: 'Busy and good' },
    });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    await expect
      .poll(
        async () => {
          const res = await callApi<{ notifications: { title: string }[] }>(
            server.demoUrl,
            '/api/notifications',
            { token: member.token },
          );
          return res.body.notifications?.map((n) => n.title) ?? [];
        },
        { timeout: 30_000, message: 'the badge_earned notification' },
      )
      .toContain(`You earned the ${name} badge`);

    // The member, on a phone: the notification, then My Badges (its tab now shows) with date and reason.
    const phone = await openPage(browser, PHONE);
    await loginThroughForm(phone.page, server.demoUrl, member.email);
    await phone.page.goto(`${server.demoUrl}/notifications`);
    await expectVisible(phone.page.getByText(`You earned the ${name} badge`), 'the notification in the list');
    await phone.page.goto(`${server.demoUrl}/performance/badges`);
    const earned = phone.page.getByRole('region', { name: 'Earned' });
    await expectVisible(earned.getByRole('heading', { name, level: 3 }), 'the badge among the earned ones');
    await expectVisible(earned.getByRole('img', { name: `${name} badge` }), 'its picture with alt text');
    await expectVisible(earned.getByText('For: 1 completed activity'), 'why it was earned');
    await expectVisible(earned.getByText(/^Earned /).first(), 'when it was earned');
    await expectNoAxeViolations(phone.page, '/performance/badges at 360 px');
    expect(phone.errors).toEqual([]);
    await phone.context.close();

    // The feed celebrates it, as a post by the member.
    const feed = await callApi<{ posts: { kind: string; body: string; author: { id: string } }[] }>(
      server.demoUrl,
      '/api/feed?limit=20',
      { token: adminToken },
    );
    expect(feed.body.posts).toContainEqual(
      expect.objectContaining({
        kind: 'badge',
        body: `Badger Spec earned the ${name} badge`,
        author: expect.objectContaining({ id: member.user.id }),
      }),
    );
  });
});

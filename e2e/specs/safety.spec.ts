import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiLogin, callApi, createOnboardedAccount } from '../fixtures/api.ts';
import { expectVisible } from '../fixtures/app.ts';
import {
  allowProblems,
  DESKTOP,
  launchBrowser,
  loginThroughForm,
  openPage,
  PHONE,
} from '../fixtures/browser.ts';
import { solidPng } from '../fixtures/png.ts';
import { activityStatus, createProjectWithActivity, toast, unique } from '../fixtures/projects.ts';
import { type RunningServer, startServer } from '../fixtures/server.ts';

// Brand safety (issue 4): the admin lists a blocked and a flagged word; a member's Brand Content caption with
// the blocked word is refused naming it; one with the flagged word lands in the queue to approve or remove.

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function addWord(page: Page, phrase: string, list: 'Blocked' | 'Flagged') {
  const form = page
    .locator('form')
    .filter({ has: page.getByRole('heading', { name: 'Add a word or phrase' }) });
  await form.getByLabel('Word or phrase', { exact: true }).fill(phrase);
  await form.getByRole('radio', { name: list }).click();
  await form.getByRole('button', { name: 'Add' }).click();
  await expectVisible(
    toast(page, `Added “${phrase}” to ${list.toLowerCase()}`),
    `the added toast of ${phrase}`,
  );
  const group = page
    .locator('section')
    .filter({ has: page.getByRole('heading', { name: list, exact: true }) });
  await expectVisible(group.getByText(phrase, { exact: true }), `${phrase} in the ${list} list`);
}

/** Submits a Brand Content caption with a photo on the activity page; answers the page for checks. */
async function submitCaption(page: Page, url: string, caption: string) {
  await page.goto(url);
  await page.getByLabel('Add photos', { exact: true }).setInputFiles({
    name: 'photo.png',
    mimeType: 'image/png',
    buffer: solidPng(64, 48, [200, 120, 20]),
  });
  await expectVisible(page.getByRole('img', { name: 'photo.png' }), 'the chosen photo');
  await page.getByLabel('Caption', { exact: true }).fill(caption);
  const submit = page.getByRole('button', { name: 'Submit' });
  await expect.poll(() => submit.isDisabled()).toBe(false);
  await submit.click();
}

describe('brand safety', () => {
  it('refuses a blocked word naming it, and queues a flagged one for the admin to approve or remove', async () => {
    const u = unique();
    const blocked = `taboo${u}`;
    const flagged = `Rival${u}`;

    // The admin adds the words in /admin/safety, and tests a text against them.
    const admin = await openPage(browser, DESKTOP);
    await loginThroughForm(admin.page, server.demoUrl, 'admin@demo.test');
    await admin.page.goto(`${server.demoUrl}/admin/safety`);
    await admin.page.getByRole('radio', { name: 'Word lists' }).click();
    await addWord(admin.page, blocked, 'Blocked');
    await addWord(admin.page, flagged, 'Flagged');
    const tester = admin.page
      .locator('form')
      .filter({ has: admin.page.getByRole('heading', { name: 'Test a text' }) });
    await tester.getByLabel('Text', { exact: true }).fill(`Better than ${flagged.toUpperCase()}!`);
    await tester.getByRole('button', { name: 'Check' }).click();
    await expectVisible(tester.getByText('Published, and queued for review'), 'the verdict of the test');

    // Two Brand Content activities the member takes part in.
    const { token: adminToken } = await apiLogin(server.demoUrl, 'admin@demo.test');
    const config = { type: 'content_submission', prompt: 'Show us', media: 'image' };
    const first = await createProjectWithActivity(server, adminToken, {
      title: `Safe ${u}`,
      points: 5,
      config,
    });
    const second = await createProjectWithActivity(server, adminToken, {
      title: `Safer ${u}`,
      points: 5,
      config,
    });
    const member = await createOnboardedAccount(server.demoUrl, { first: 'Casey', last: 'Caption' });
    for (const { projectId } of [first, second]) {
      const joined = await callApi(server.demoUrl, `/api/projects/${projectId}/join`, {
        method: 'POST',
        token: member.token,
      });
      expect(joined.status).toBe(200);
    }
    const activityUrl = (a: typeof first) =>
      `${server.demoUrl}/projects/${a.projectId}/activities/${a.activityId}`;

    const { context, page, errors } = await openPage(browser, PHONE);
    allowProblems(page, /^POST \/api\/activities\/[\w-]+\/participation 400 /);
    await loginThroughForm(page, server.demoUrl, member.email);
    await submitCaption(page, activityUrl(first), `My desk, no ${blocked.toUpperCase()} here`);
    await expectVisible(
      page.getByRole('alert').getByText(`Caption contains "${blocked}", which is not allowed`),
      'the refusal naming the blocked word',
    );
    expect(await activityStatus(server, member.token, first.activityId)).toBe('todo');

    await page.getByLabel('Caption', { exact: true }).fill(`Nicer than ${flagged} at home`);
    await page.getByRole('button', { name: 'Submit' }).click();
    await expectVisible(
      page.getByRole('heading', { name: 'Waiting for review' }),
      'the first submission sent',
    );
    await submitCaption(page, activityUrl(second), `Switched from ${flagged.toLowerCase()} for good`);
    await expectVisible(
      page.getByRole('heading', { name: 'Waiting for review' }),
      'the second submission sent',
    );
    expect(errors).toEqual([]);

    // The admin approves the first and removes the second from the queue.
    await admin.page.getByRole('radio', { name: 'Queue' }).click();
    await admin.page.getByRole('button', { name: 'Refresh' }).click();
    const card = (text: string) => admin.page.getByRole('article').filter({ hasText: text });
    const approved = card(`Nicer than ${flagged} at home`);
    await expectVisible(approved, 'the first flagged caption in the queue');
    await expectVisible(approved.locator('mark', { hasText: flagged }), 'the flagged word highlighted');
    await approved.getByRole('button', { name: 'Approve' }).click();
    await expectVisible(toast(admin.page, 'Approved Casey Caption’s text'), 'the approved toast');
    await expectVisible(approved.getByText(/^Approved by /), 'who approved it');

    const removed = card(`Switched from ${flagged.toLowerCase()} for good`);
    await removed.getByRole('button', { name: 'Remove' }).click();
    const dialog = admin.page.getByRole('dialog', { name: 'Remove this text?' });
    await expectVisible(dialog, 'the confirmation');
    await dialog.getByRole('button', { name: 'Remove' }).click();
    await expectVisible(toast(admin.page, 'Removed Casey Caption’s text'), 'the removed toast');
    await expect.poll(() => activityStatus(server, member.token, second.activityId)).toBe('rejected');
    expect(await activityStatus(server, member.token, first.activityId)).toBe('pending');

    await admin.page.getByRole('radio', { name: 'Removed' }).click();
    await expectVisible(card(`Switched from ${flagged.toLowerCase()} for good`), 'the item in Removed');
    expect(admin.errors).toEqual([]);
    await admin.context.close();
    await context.close();
  });
});

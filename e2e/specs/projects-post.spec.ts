import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiLogin, createOnboardedAccount } from '../fixtures/api.ts';
import { expectPath, expectVisible } from '../fixtures/app.ts';
import { DESKTOP, launchBrowser, loginThroughForm, openPage } from '../fixtures/browser.ts';
import {
  activityStatus,
  openedUrls,
  participationsOf,
  projectsOf,
  REAL_CHROME_UA,
  recordWindowOpen,
  toast,
  unique,
} from '../fixtures/projects.ts';
import { type RunningServer, startServer } from '../fixtures/server.ts';

// The post tool (SPEC 1, 5, 9): an admin builds a template, a project and a Personal Page activity; a member fills
// the placeholder, copies, shares with a tracked link, marks it shared and earns points; the link counts a click.

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('personal page post', () => {
  it('admin builds a template, project and activity; a member shares it on X and the tracked link counts one click', async () => {
    const suffix = unique();
    const templateName = `Event invite ${suffix}`;
    const projectName = `Launch party ${suffix}`;
    const activityTitle = `Invite your network ${suffix}`;

    // --- Admin: the template with a placeholder, through the library UI.
    const admin = await openPage(browser, DESKTOP);
    await loginThroughForm(admin.page, server.demoUrl, 'admin@demo.test');
    await admin.page.goto(`${server.demoUrl}/admin/library`);
    await admin.page.getByRole('button', { name: 'New template' }).click();
    const templateDialog = admin.page.getByRole('dialog', { name: 'New template' });
    await templateDialog.getByLabel('Name', { exact: true }).fill(templateName);
    const body = templateDialog.getByLabel('Text', { exact: true });
    await body.fill('Join me at ! #demo');
    // The cursor after "at ", where "Insert placeholder" puts the new [[placeholder]].
    await body.evaluate((el: HTMLTextAreaElement) => el.setSelectionRange(11, 11));
    await templateDialog.getByRole('button', { name: 'Insert placeholder' }).click();
    await admin.page.getByRole('menuitem', { name: 'New placeholder' }).click();
    await expect.poll(() => body.inputValue()).toBe('Join me at [[placeholder_1]]! #demo');
    await templateDialog.getByLabel('Placeholder 1 id', { exact: true }).fill('event');
    await templateDialog.getByLabel('Placeholder 1 label', { exact: true }).fill('Event');
    await templateDialog.getByLabel('Placeholder 1 default value', { exact: true }).fill('the launch');
    // Renaming the id renames its marker in the text.
    await expect.poll(() => body.inputValue()).toBe('Join me at [[event]]! #demo');
    await templateDialog.getByRole('button', { name: 'Save' }).click();
    await expectVisible(toast(admin.page, `${templateName} saved`), 'the template saved toast');
    await expectVisible(admin.page.getByText(templateName), 'the new template in the library');

    // --- Admin: a new open project, then a Personal Page activity using the template.
    await admin.page.goto(`${server.demoUrl}/admin/projects`);
    await admin.page.getByRole('button', { name: 'New Project' }).click();
    const projectDialog = admin.page.getByRole('dialog', { name: 'New Project' });
    await projectDialog.getByLabel('Name', { exact: true }).fill(projectName);
    await projectDialog.getByLabel('Description', { exact: true }).fill('A party for the launch.');
    const whoCanJoin = projectDialog.getByRole('radiogroup', { name: 'Who can join' });
    await whoCanJoin.getByRole('radio', { name: /^Everyone/ }).click();
    await projectDialog.getByRole('button', { name: 'Save' }).click();
    await expectPath(admin.page, /^\/admin\/projects\/[0-9a-f-]{36}$/);
    const projectId = new URL(admin.page.url()).pathname.split('/').at(-1) ?? '';
    await expectVisible(toast(admin.page, `${projectName} created`), 'the project created toast');

    await admin.page.getByRole('button', { name: 'Add activity' }).click();
    const activityDialog = admin.page.getByRole('dialog', { name: 'Add activity' });
    await activityDialog
      .getByRole('radiogroup', { name: 'Type' })
      .getByRole('radio', { name: /^Personal Page/ })
      .click();
    await activityDialog.getByLabel('Title', { exact: true }).fill(activityTitle);
    await activityDialog.getByLabel('Points', { exact: true }).fill('25');
    await activityDialog.getByRole('combobox', { name: 'Template' }).fill(templateName);
    await admin.page.getByRole('option', { name: new RegExp(templateName) }).click();
    await expectVisible(activityDialog.getByText('Join me at the launch! #demo'), 'the template preview');
    await activityDialog.getByRole('button', { name: 'Save' }).click();
    await expectVisible(toast(admin.page, `${activityTitle} added`), 'the activity added toast');
    await expectVisible(admin.page.getByText(activityTitle), 'the activity in the project');
    expect(admin.errors).toEqual([]);
    await admin.context.close();

    // --- Member: find the project, join, open the activity.
    const member = await createOnboardedAccount(server.demoUrl, { first: 'Sharer', last: 'Spec' });
    const { context, page, errors } = await openPage(browser, DESKTOP);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.demoUrl });
    await recordWindowOpen(context);
    await loginThroughForm(page, server.demoUrl, member.email);
    await page.goto(`${server.demoUrl}/projects`);
    await page.getByRole('link', { name: projectName }).click();
    await expectPath(page, `/projects/${projectId}`);
    await page.getByRole('button', { name: 'Join', exact: true }).click();
    await expectVisible(toast(page, `You joined ${projectName}`), 'the joined toast');
    await expectVisible(page.getByRole('button', { name: 'Leave' }), 'Leave once joined');
    await page.getByRole('link', { name: activityTitle }).click();
    await expectPath(page, new RegExp(`^/projects/${projectId}/activities/[0-9a-f-]{36}$`));
    const activityId = new URL(page.url()).pathname.split('/').at(-1) ?? '';

    // Placeholder fills the text live; the counter follows.
    const text = page.getByLabel('Post text', { exact: true });
    await expect.poll(() => text.inputValue()).toBe('Join me at the launch! #demo');
    await page.getByLabel('Event', { exact: true }).fill('the summit');
    await expect.poll(() => text.inputValue()).toBe('Join me at the summit! #demo');
    await expectVisible(page.getByText(/^28 of [\d,]+ characters$/), 'the counter of the filled text');

    // X (Twitter): 280 characters at most.
    await page
      .getByRole('radiogroup', { name: 'Channel' })
      .getByRole('radio', { name: 'X (Twitter)' })
      .click();
    await expectVisible(page.getByText('28 of 280 characters'), 'the counter with the X limit');
    const copy = page.getByRole('button', { name: 'Copy', exact: true });
    const share = page.getByRole('button', { name: 'Share', exact: true });
    await text.fill(`Join me at the summit! ${'a'.repeat(290)}`);
    await expectVisible(page.getByText('313 of 280 characters'), 'the counter over the limit');
    await expectVisible(
      page.getByText('Too long for X (Twitter): remove 33 characters.'),
      'the over-limit message',
    );
    await expect.poll(() => share.isDisabled()).toBe(true);
    expect(await copy.isDisabled()).toBe(true);
    expect(await text.getAttribute('aria-invalid')).toBe('true');

    const postText = 'Join me at the summit! #demo #rally';
    await text.fill(postText);
    await expectVisible(
      page.getByText(`${postText.length} of 280 characters`),
      'the counter back under the limit',
    );
    await expect.poll(() => share.isDisabled()).toBe(false);

    await copy.click();
    await expectVisible(toast(page, 'Copied post text'), 'the copied toast');
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(postText);

    // Share: a tracked link, text and link on the clipboard, and the X intent opened.
    await share.click();
    await expectVisible(page.getByRole('heading', { name: 'Posted it?' }), 'the Mark as shared step');
    await expect.poll(async () => (await openedUrls(page)).length).toBe(1);
    const [intent = ''] = await openedUrls(page);
    const intentUrl = new URL(intent);
    expect(intentUrl.origin + intentUrl.pathname).toBe('https://twitter.com/intent/tweet');
    expect(intentUrl.searchParams.get('text')).toBe(postText);
    const tracked = intentUrl.searchParams.get('url') ?? '';
    const shareId = tracked.match(/\/p\/([0-9a-f-]{36})$/)?.[1];
    expect(shareId, `the tracked link in ${intent}`).toBeTruthy();
    await expect
      .poll(() => page.evaluate(() => navigator.clipboard.readText()))
      .toBe(`${postText}\n\n${tracked}`);
    await expectVisible(page.getByRole('button', { name: 'Copy link' }), 'Copy link');
    expect(await page.getByRole('link', { name: 'Open X (Twitter)' }).getAttribute('href')).toBe(intent);

    const before = (await projectsOf(server, member.token)).find((p) => p.id === projectId);
    expect(before?.completed_count).toBe(0);
    await page.getByLabel('Link to your post', { exact: true }).fill('https://x.com/sharer/status/1');
    await page.getByRole('button', { name: 'Mark as shared' }).click();
    await expectVisible(page.getByRole('heading', { name: 'You shared this post' }), 'the shared state');
    await expectVisible(page.getByText('+25 points'), 'the points earned');
    await expectVisible(page.getByText('Shared on X (Twitter)'), 'where it was shared');
    await expect
      .poll(
        async () => (await projectsOf(server, member.token)).find((p) => p.id === projectId)?.completed_count,
      )
      .toBe(1);
    expect(await activityStatus(server, member.token, activityId)).toBe('completed');
    expect(errors).toEqual([]);
    await context.close();

    // --- A visitor opens the tracked link: one click, however often they come back.
    const { token: adminToken } = await apiLogin(server.demoUrl, 'admin@demo.test');
    const clicks = async () =>
      (await participationsOf(server, adminToken, `&project_id=${projectId}`)).find(
        (p) => p.activity.id === activityId,
      )?.share?.clicks;
    expect(await clicks()).toBe(0);
    // HeadlessChrome counts as a robot (link previews), so the visitor has a desktop Chrome's user agent.
    const visitorContext = await browser.newContext({ viewport: DESKTOP, userAgent: REAL_CHROME_UA });
    const visitor = { context: visitorContext, page: await visitorContext.newPage() };
    const response = await visitor.page.goto(`${server.demoUrl}/p/${shareId}`);
    expect(response?.status()).toBe(200);
    await expectVisible(visitor.page.getByText(postText), 'the shared text on the public page');
    await expect.poll(clicks).toBe(1);
    await visitor.page.reload();
    await expectVisible(visitor.page.getByText(postText), 'the public page again');
    expect(await clicks()).toBe(1);
    await visitor.context.close();
  });
});

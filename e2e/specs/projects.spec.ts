import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiLogin, callApi, createOnboardedAccount, pendingTrainingCount } from '../fixtures/api.ts';
import { expectPath, expectVisible } from '../fixtures/app.ts';
import { DESKTOP, launchBrowser, loginThroughForm, openPage, PHONE } from '../fixtures/browser.ts';
import { solidPng } from '../fixtures/png.ts';
import { type RunningServer, startServer } from '../fixtures/server.ts';

// Projects (SPEC 3, 5, 6): the admin builds a template, a project and an activity; members join, share a
// post with a tracked link, submit Brand Content for review and pass a training quiz; filters and roles.
let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

interface ApiProject {
  id: string;
  name: string;
  joined: boolean;
  state: string;
  activity_types: string[];
  completed_count: number;
  pending_trainings: number;
}
interface ApiActivity {
  id: string;
  title: string;
  status: string;
}
interface ApiParticipation {
  id: string;
  status: string;
  activity: { id: string; title: string };
  user: { display_name: string };
  share: { channel: string; post_url: string | null; clicks: number } | null;
}

const REAL_CHROME_UA =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/138.0.0.0 Safari/537.36';

/** A unique suffix so names made by one test never collide with another's. */
const unique = () => Math.random().toString(36).slice(2, 8);

async function projectsOf(token: string, type = 'all'): Promise<ApiProject[]> {
  const res = await callApi<{ projects: ApiProject[] }>(server.demoUrl, `/api/projects?type=${type}`, {
    token,
  });
  expect(res.status, 'GET /api/projects').toBe(200);
  return res.body.projects;
}

async function activityStatus(token: string, activityId: string): Promise<string> {
  const res = await callApi<{ activity: ApiActivity }>(server.demoUrl, `/api/activities/${activityId}`, {
    token,
  });
  return res.body.activity.status;
}

async function participationsOf(token: string, query = ''): Promise<ApiParticipation[]> {
  const res = await callApi<{ participations: ApiParticipation[] }>(
    server.demoUrl,
    `/api/admin/participations?limit=100${query}`,
    { token },
  );
  expect(res.status, 'GET /api/admin/participations').toBe(200);
  return res.body.participations;
}

/** An open project made by the admin through the API, with one activity; answers their ids. */
async function createProjectWithActivity(
  adminToken: string,
  activity: { title: string; points: number; config: Record<string, unknown> },
): Promise<{ projectId: string; activityId: string; name: string }> {
  const name = `E2E ${activity.title} ${unique()}`;
  const project = await callApi<{ project: { id: string } }>(server.demoUrl, '/api/admin/projects', {
    method: 'POST',
    token: adminToken,
    body: { name, description: 'Made by the projects spec', audience: 'open' },
  });
  expect(project.status, `creating ${name}: ${JSON.stringify(project.body)}`).toBe(201);
  const projectId = project.body.project.id;
  const created = await callApi<{ activity: { id: string } }>(
    server.demoUrl,
    `/api/admin/projects/${projectId}/activities`,
    {
      method: 'POST',
      token: adminToken,
      body: { title: activity.title, points: activity.points, config: activity.config },
    },
  );
  expect(created.status, `adding ${activity.title}: ${JSON.stringify(created.body)}`).toBe(201);
  return { projectId, activityId: created.body.activity.id, name };
}

/** Records window.open calls instead of opening tabs (headless Chromium has no share sheet either). */
async function recordWindowOpen(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const opened: string[] = [];
    (window as unknown as { __opened: string[] }).__opened = opened;
    window.open = (url?: string | URL) => {
      opened.push(String(url));
      return { opener: null } as unknown as Window;
    };
  });
}
const openedUrls = (page: Page) =>
  page.evaluate(() => (window as unknown as { __opened: string[] }).__opened);

const toast = (page: Page, text: string | RegExp) =>
  page.getByRole('status', { name: 'Notifications from the app' }).getByText(text);

/** The Training entry of the user menu: its pending count (0 when it shows none). */
async function menuTrainingCount(page: Page): Promise<number> {
  await page.getByRole('button', { name: 'User menu' }).click();
  const item = page.getByRole('menuitem', { name: /^Training/ });
  await expectVisible(item, 'the Training entry of the user menu');
  // The count's accessible text ("1 pending training"); the visible digits are aria-hidden.
  const count = item.locator('.sr-only').filter({ hasText: /pending training/ });
  const text = (await count.count()) > 0 ? ((await count.textContent()) ?? '') : '';
  await page.keyboard.press('Escape');
  const match = text.match(/^(\d+) pending trainings?$/);
  return match ? Number(match[1]) : 0;
}

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

    const before = (await projectsOf(member.token)).find((p) => p.id === projectId);
    expect(before?.completed_count).toBe(0);
    await page.getByLabel('Link to your post', { exact: true }).fill('https://x.com/sharer/status/1');
    await page.getByRole('button', { name: 'Mark as shared' }).click();
    await expectVisible(page.getByRole('heading', { name: 'You shared this post' }), 'the shared state');
    await expectVisible(page.getByText('+25 points'), 'the points earned');
    await expectVisible(page.getByText('Shared on X (Twitter)'), 'where it was shared');
    await expect
      .poll(async () => (await projectsOf(member.token)).find((p) => p.id === projectId)?.completed_count)
      .toBe(1);
    expect(await activityStatus(member.token, activityId)).toBe('completed');
    expect(errors).toEqual([]);
    await context.close();

    // --- A visitor opens the tracked link: one click, however often they come back.
    const { token: adminToken } = await apiLogin(server.demoUrl, 'admin@demo.test');
    const clicks = async () =>
      (await participationsOf(adminToken, `&project_id=${projectId}`)).find(
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

describe('brand content', () => {
  it('a member submits a photo, waits for review, and the admin approves it in participation', async () => {
    const { token: adminToken } = await apiLogin(server.demoUrl, 'admin@demo.test');
    const title = `Show us your desk ${unique()}`;
    const { projectId, activityId } = await createProjectWithActivity(adminToken, {
      title,
      points: 30,
      config: { type: 'content_submission', prompt: 'Show us', media: 'image' },
    });
    const member = await createOnboardedAccount(server.demoUrl, { first: 'Submitter', last: 'Spec' });
    const joined = await callApi(server.demoUrl, `/api/projects/${projectId}/join`, {
      method: 'POST',
      token: member.token,
    });
    expect(joined.status).toBe(200);

    const { context, page, errors } = await openPage(browser, DESKTOP);
    await loginThroughForm(page, server.demoUrl, member.email);
    await page.goto(`${server.demoUrl}/projects/${projectId}/activities/${activityId}`);
    await expectVisible(page.getByText('Show us'), 'the prompt');
    const submit = page.getByRole('button', { name: 'Submit' });
    await page.getByLabel('Add photos', { exact: true }).setInputFiles({
      name: 'desk.png',
      mimeType: 'image/png',
      buffer: solidPng(64, 48, [20, 120, 200]),
    });
    await expectVisible(page.getByRole('img', { name: 'desk.png' }), 'the chosen photo');
    await page.getByLabel('Caption', { exact: true }).fill('My desk today');
    await expect.poll(() => submit.isDisabled()).toBe(false);
    await submit.click();
    await expectVisible(page.getByRole('heading', { name: 'Waiting for review' }), 'the waiting state');
    expect(await activityStatus(member.token, activityId)).toBe('pending');

    // Admin approves it in /admin/participation (pending only).
    const admin = await openPage(browser, DESKTOP);
    await loginThroughForm(admin.page, server.demoUrl, 'admin@demo.test');
    await admin.page.goto(`${server.demoUrl}/admin/participation?status=pending`);
    const item = admin.page.getByRole('article').filter({ hasText: title });
    await expectVisible(item, 'the submission in the review list');
    expect(await item.getByRole('heading', { name: 'Submitter Spec' }).count()).toBe(1);
    await item.getByRole('button', { name: 'Approve' }).click();
    await expectVisible(toast(admin.page, "Approved Submitter Spec's submission"), 'the approved toast');
    expect(admin.errors).toEqual([]);
    await admin.context.close();

    await expect.poll(() => activityStatus(member.token, activityId)).toBe('completed');
    await page.goto(`${server.demoUrl}/projects/${projectId}`);
    const row = page.getByRole('listitem').filter({ has: page.getByRole('link', { name: title }) });
    await expectVisible(row.getByText('Done', { exact: true }), 'Done on the activity');
    await page.getByRole('link', { name: title }).click();
    await expectVisible(page.getByRole('heading', { name: 'Done!' }), 'the done state of the activity');
    await expectVisible(page.getByText('+30 points'), 'the points earned');
    const notifications = await callApi<{ notifications: { title: string }[] }>(
      server.demoUrl,
      '/api/notifications',
      { token: member.token },
    );
    expect(notifications.body.notifications.map((n) => n.title).join('\n')).toContain('was approved');
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('training', () => {
  it('fails the Brand voice 101 quiz, tries again, passes, and the menu has one pending training less', async () => {
    const { token } = await apiLogin(server.demoUrl, 'member@demo.test');
    const pendingBefore = await pendingTrainingCount(server.demoUrl, token);
    expect(pendingBefore, 'the demo member has a pending training').toBeGreaterThan(0);

    const { context, page, errors } = await openPage(browser, DESKTOP);
    await loginThroughForm(page, server.demoUrl, 'member@demo.test');
    await expect.poll(() => menuTrainingCount(page)).toBe(pendingBefore);

    await page.goto(`${server.demoUrl}/projects`);
    await page.getByRole('link', { name: 'Brand Ambassador Onboarding' }).click();
    await page.getByRole('link', { name: 'Brand voice 101' }).click();
    await expectPath(page, /\/activities\/[0-9a-f-]{36}$/);
    await expectVisible(page.getByRole('heading', { name: 'Quiz' }), 'the quiz of the training');
    await expectVisible(page.getByText('Answer every question. You need 50% to pass.'), 'the pass mark');
    const q1 = page.getByRole('radiogroup', { name: /^Question 1/ });
    const q2 = page.getByRole('radiogroup', { name: /^Question 2/ });
    await q1.getByRole('radio', { name: 'It does not need to be' }).click();
    await q2.getByRole('radio', { name: 'Formal and distant' }).click();
    await page.getByRole('button', { name: 'Submit answers' }).click();
    await expectVisible(
      page.getByText('You got 0 of 2 right — you need 50% to pass.'),
      'the score of a failed attempt',
    );
    expect(await pendingTrainingCount(server.demoUrl, token)).toBe(pendingBefore);

    await page.getByRole('button', { name: 'Try again' }).click();
    await q1.getByRole('radio', { name: 'With #employee or #ad' }).click();
    await q2.getByRole('radio', { name: 'Clear, warm and confident' }).click();
    await page.getByRole('button', { name: 'Submit answers' }).click();
    await expectVisible(page.getByRole('heading', { name: 'Done!' }), 'the passed state');
    await expectVisible(page.getByText('You got 2 of 2 right.'), 'the passing score');
    await expect.poll(() => pendingTrainingCount(server.demoUrl, token)).toBe(pendingBefore - 1);
    await expect.poll(() => menuTrainingCount(page)).toBe(pendingBefore - 1);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('filters and roles', () => {
  it('filters projects by activity type as the API does', async () => {
    const { token } = await apiLogin(server.demoUrl, 'member@demo.test');
    const expected = (await projectsOf(token, 'training')).map((p) => p.name).sort();
    const all = (await projectsOf(token)).map((p) => p.name);
    expect(expected.length).toBeGreaterThan(0);
    expect(expected.length, 'some projects have no training').toBeLessThan(all.length);

    const { context, page, errors } = await openPage(browser, DESKTOP);
    await loginThroughForm(page, server.demoUrl, 'member@demo.test');
    await page.goto(`${server.demoUrl}/projects`);
    const cards = page.getByRole('main').locator('h3 a[href^="/projects/"]');
    const names = async () => (await cards.allInnerTexts()).map((n) => n.trim()).sort();
    await expect.poll(names).toEqual([...all].sort());
    await page
      .getByRole('radiogroup', { name: 'Activity type' })
      .getByRole('radio', { name: 'Training' })
      .click();
    await expectPath(page, '/projects?type=training');
    await expect.poll(names).toEqual(expected);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows a member no access to /admin/projects', async () => {
    const { context, page, errors } = await openPage(browser, DESKTOP);
    await loginThroughForm(page, server.demoUrl, 'member@demo.test');
    await page.goto(`${server.demoUrl}/admin/projects`);
    await expectVisible(page.getByText("You don't have access to this page"), 'the no-access state');
    expect(await page.getByRole('button', { name: 'New Project' }).count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("scopes a lead's participation to their teams: no Marketing member's submissions", async () => {
    const { token: adminToken } = await apiLogin(server.demoUrl, 'admin@demo.test');
    const adminSees = await participationsOf(adminToken);
    expect(
      adminSees.some((p) => p.user.display_name === 'Maya Member'),
      'the admin sees Maya',
    ).toBe(true);
    const { token: leadToken } = await apiLogin(server.demoUrl, 'lead@demo.test');
    const leadSees = await participationsOf(leadToken);
    expect(leadSees.map((p) => p.user.display_name)).not.toContain('Maya Member');

    const { context, page, errors } = await openPage(browser, DESKTOP);
    await loginThroughForm(page, server.demoUrl, 'lead@demo.test');
    await page.goto(`${server.demoUrl}/admin/participation`);
    await expectVisible(
      page.getByRole('heading', { level: 2, name: 'Participation' }),
      'the participation page',
    );
    const articles = page.getByRole('main').getByRole('article');
    await expectVisible(
      page.getByText('No participation yet').or(articles.first()),
      'the loaded participation list',
    );
    expect(await articles.count()).toBe(leadSees.length);
    expect(await page.getByRole('heading', { name: 'Maya Member' }).count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('phone', () => {
  it('keeps the Personal Page activity usable at 360 px without horizontal overflow', async () => {
    const member = await createOnboardedAccount(server.demoUrl, { first: 'Phone', last: 'Spec' });
    const launch = (await projectsOf(member.token)).find((p) => p.name === 'Spring Product Launch');
    expect(launch, 'the demo launch project').toBeTruthy();
    const joined = await callApi(server.demoUrl, `/api/projects/${launch?.id}/join`, {
      method: 'POST',
      token: member.token,
    });
    expect(joined.status).toBe(200);
    const detail = await callApi<{ project: { activities: ApiActivity[] } }>(
      server.demoUrl,
      `/api/projects/${launch?.id}`,
      { token: member.token },
    );
    const activity = detail.body.project.activities.find((a) => a.title === 'Share the launch');
    expect(activity).toBeTruthy();

    const { context, page, errors } = await openPage(browser, PHONE);
    await loginThroughForm(page, server.demoUrl, member.email);
    await page.goto(`${server.demoUrl}/projects/${launch?.id}/activities/${activity?.id}`);
    await expectVisible(page.getByLabel('Post text', { exact: true }), 'the post text');
    const share = page.getByRole('button', { name: 'Share', exact: true });
    await share.scrollIntoViewIfNeeded();
    await expectVisible(share, 'the Share button');
    expect(await share.isEnabled()).toBe(true);
    const box = await share.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= PHONE.width).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    expect(errors).toEqual([]);
    await context.close();
  });
});

import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiLogin, callApi, createOnboardedAccount, pendingTrainingCount } from '../fixtures/api.ts';
import { expectPath, expectVisible } from '../fixtures/app.ts';
import { DESKTOP, launchBrowser, loginThroughForm, openPage, PHONE } from '../fixtures/browser.ts';
import { solidPng } from '../fixtures/png.ts';
import {
  type ApiActivity,
  activityStatus,
  createProjectWithActivity,
  menuTrainingCount,
  participationsOf,
  projectsOf,
  toast,
  unique,
} from '../fixtures/projects.ts';
import { type RunningServer, startServer } from '../fixtures/server.ts';

// Projects (SPEC 3, 5, 6): members submit Brand Content for review and pass a training quiz; filters and roles;
// the post tool at phone width. The post journey itself is in projects-post.spec.ts.

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('brand content', () => {
  it('a member submits a photo, waits for review, and the admin approves it in participation', async () => {
    const { token: adminToken } = await apiLogin(server.demoUrl, 'admin@demo.test');
    const title = `Show us your desk ${unique()}`;
    const { projectId, activityId } = await createProjectWithActivity(server, adminToken, {
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
    expect(await activityStatus(server, member.token, activityId)).toBe('pending');

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

    await expect.poll(() => activityStatus(server, member.token, activityId)).toBe('completed');
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
    // The training text is rich text: a heading, bold words and a list.
    await expectVisible(
      page.getByRole('heading', { name: 'Three habits' }),
      'a heading of the training text',
    );
    await expectVisible(
      page.locator('strong', { hasText: 'a helpful friend' }),
      'bold words of the training text',
    );
    expect(await page.getByRole('listitem').filter({ hasText: 'Never overpromise' }).count()).toBe(1);
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
    // Both questions are marked as not answered right (their right answers are not given away).
    await expect.poll(() => page.getByRole('radiogroup', { name: /Not right/ }).count()).toBe(2);
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
  it('an admin invites a member to an invite-only project by name; only that member then sees it', async () => {
    const { token: adminToken } = await apiLogin(server.demoUrl, 'admin@demo.test');
    const name = `E2E invite-only ${unique()}`;
    const created = await callApi<{ project: { id: string } }>(server.demoUrl, '/api/admin/projects', {
      method: 'POST',
      token: adminToken,
      body: { name, audience: 'invite' },
    });
    expect(created.status).toBe(201);
    const { token: memberToken } = await apiLogin(server.demoUrl, 'member@demo.test');
    expect((await projectsOf(server, memberToken)).map((p) => p.name)).not.toContain(name);

    const { context, page, errors } = await openPage(browser, DESKTOP);
    await loginThroughForm(page, server.demoUrl, 'admin@demo.test');
    await page.goto(`${server.demoUrl}/admin/projects/${created.body.project.id}`);
    await expectVisible(page.getByRole('heading', { name: '0 members invited' }), 'the empty invite list');
    await page.getByRole('combobox', { name: 'Invite a member' }).fill('Maya');
    await page.getByRole('option', { name: /Maya Member/ }).click();
    await expectVisible(toast(page, 'Maya Member invited'), 'the invited toast');
    await expectVisible(page.getByRole('heading', { name: '1 member invited' }), 'the updated count');
    await expectVisible(
      page.getByRole('list', { name: 'Invited members' }).getByText('Maya Member'),
      'Maya in the invite list',
    );
    expect((await projectsOf(server, memberToken)).map((p) => p.name)).toContain(name);
    const { token: leadToken } = await apiLogin(server.demoUrl, 'lead@demo.test');
    expect((await projectsOf(server, leadToken)).map((p) => p.name)).not.toContain(name);

    await page.getByRole('button', { name: 'Remove Maya Member from the invites' }).click();
    await expectVisible(page.getByRole('heading', { name: '0 members invited' }), 'the emptied list');
    expect((await projectsOf(server, memberToken)).map((p) => p.name)).not.toContain(name);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('filters projects by activity type as the API does', async () => {
    const { token } = await apiLogin(server.demoUrl, 'member@demo.test');
    const expected = (await projectsOf(server, token, 'training')).map((p) => p.name).sort();
    const all = (await projectsOf(server, token)).map((p) => p.name);
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

  it('shows a team lead the Projects tab read-only: projects and activities, no way to change them', async () => {
    const { context, page, errors } = await openPage(browser, DESKTOP);
    await loginThroughForm(page, server.demoUrl, 'lead@demo.test');
    await page.goto(`${server.demoUrl}/admin/projects`);
    const project = page.getByRole('link', { name: /Spring Product Launch/ }).first();
    await expectVisible(project, 'a demo project in the admin list');
    expect(await page.getByRole('button', { name: 'New Project' }).count()).toBe(0);
    await project.click();
    await expectVisible(page.getByRole('heading', { name: 'Activities' }), 'the activities of the project');
    for (const name of ['Edit', 'Add activity', 'Archive']) {
      expect(await page.getByRole('button', { name, exact: true }).count(), name).toBe(0);
    }
    expect(errors).toEqual([]);
    await context.close();
  });

  it("scopes a lead's participation to their teams: no Marketing member's submissions", async () => {
    const { token: adminToken } = await apiLogin(server.demoUrl, 'admin@demo.test');
    const adminSees = await participationsOf(server, adminToken);
    expect(
      adminSees.some((p) => p.user.display_name === 'Maya Member'),
      'the admin sees Maya',
    ).toBe(true);
    const { token: leadToken } = await apiLogin(server.demoUrl, 'lead@demo.test');
    const leadSees = await participationsOf(server, leadToken);
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
    const launch = (await projectsOf(server, member.token)).find((p) => p.name === 'Spring Product Launch');
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

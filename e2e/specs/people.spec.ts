import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiLogin, callApi, createOnboardedAccount } from '../fixtures/api.ts';
import { expectPath, expectVisible, linkNames } from '../fixtures/app.ts';
import { DESKTOP, launchBrowser, loginThroughForm, openPage, PHONE } from '../fixtures/browser.ts';
import { type RunningServer, startServer } from '../fixtures/server.ts';

// People (issue 4): joining a team from Discover, following a member from their profile, an admin creating a
// team and staffing it, and the white-label Community tabs.

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const followerCount = async (page: Page) => Number(await page.getByTestId('profile-followers').textContent());

/** The id of a seeded Demo member found by name through the admin users list. */
async function demoUserId(q: string): Promise<string> {
  const { token } = await apiLogin(server.demoUrl, 'admin@demo.test');
  const res = await callApi<{ users: { id: string }[] }>(
    server.demoUrl,
    `/api/admin/users?q=${encodeURIComponent(q)}`,
    {
      token,
    },
  );
  expect(res.body.users).toHaveLength(1);
  return res.body.users[0]!.id;
}

describe('teams', () => {
  it('a member joins a team from Discover and opens its page', async () => {
    const member = await createOnboardedAccount(server.demoUrl, { first: 'Joiner', last: 'Spec' });
    const { context, page, errors } = await openPage(browser, PHONE);
    await loginThroughForm(page, server.demoUrl, member.email);
    await page.goto(`${server.demoUrl}/community/teams`);
    await expectVisible(
      page.getByRole('heading', { name: "You're not in any teams yet" }),
      'the empty state',
    );
    await page.getByRole('button', { name: 'Join Field Crew' }).click();
    await expectVisible(page.getByText('You joined Field Crew'), 'the toast');
    await expectVisible(page.getByText(/members · Rank #\d+/), 'the team card with its rank');
    expect(await page.getByRole('button', { name: 'Join Field Crew' }).count()).toBe(0);

    await page.getByRole('link', { name: 'Field Crew' }).click();
    await expectPath(page, /^\/community\/teams\/[0-9a-f-]{36}$/);
    await expectVisible(page.getByRole('heading', { level: 2, name: 'Field Crew' }), 'the team header');
    await expectVisible(page.getByText('This week'), 'the team standings');
    await expectVisible(page.getByRole('link', { name: /Joiner Spec/ }), 'the member in the members list');
    await expectVisible(page.getByRole('button', { name: 'Leave' }), 'the leave button');
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('follows', () => {
  it('a member follows another from their profile and the follower count goes up', async () => {
    const member = await createOnboardedAccount(server.demoUrl, { first: 'Follower', last: 'Spec' });
    const personId = await demoUserId('Kenji');
    const { context, page, errors } = await openPage(browser, DESKTOP);
    await loginThroughForm(page, server.demoUrl, member.email);
    await page.goto(`${server.demoUrl}/people/${personId}`);
    await expectVisible(page.getByRole('heading', { name: 'Kenji Watanabe' }), 'the profile');
    await expectVisible(page.getByText('Located in Osaka, Japan'), 'the location');
    const before = await followerCount(page);
    await page.getByRole('button', { name: 'Follow Kenji Watanabe' }).click();
    await expectVisible(page.getByRole('button', { name: 'Unfollow Kenji Watanabe' }), 'the Following state');
    await expect.poll(() => followerCount(page)).toBe(before + 1);
    await page.reload();
    await expectVisible(
      page.getByRole('button', { name: 'Unfollow Kenji Watanabe' }),
      'the follow after reload',
    );
    expect(await followerCount(page)).toBe(before + 1);
    await page.getByRole('button', { name: 'Unfollow Kenji Watanabe' }).click();
    await expect.poll(() => followerCount(page)).toBe(before);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('admin', () => {
  it('an admin creates a team and adds a member to it', async () => {
    const name = `Night Owls ${Date.now().toString(36)}`;
    const { context, page, errors } = await openPage(browser, DESKTOP);
    await loginThroughForm(page, server.demoUrl, 'admin@demo.test');
    await page.goto(`${server.demoUrl}/admin/users?tab=teams`);
    await page.getByRole('button', { name: 'New Team' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Name').fill(name);
    await dialog.getByRole('button', { name: 'Create' }).click();
    await expectVisible(page.getByText(`${name} created`), 'the toast');
    await expectVisible(page.getByRole('link', { name }), 'the new team card');

    await page.getByRole('button', { name: `Members ${name}` }).click();
    await dialog.getByLabel('Add people').fill('Priya');
    await dialog.getByRole('button', { name: 'Add Priya Nair' }).click();
    await expectVisible(dialog.getByRole('button', { name: 'Remove Priya Nair' }), 'Priya as a member');
    expect(errors).toEqual([]);
    await context.close();

    const { token } = await apiLogin(server.demoUrl, 'admin@demo.test');
    const teams = await callApi<{ teams: { id: string; name: string; member_count: number }[] }>(
      server.demoUrl,
      '/api/admin/teams',
      { token },
    );
    const team = teams.body.teams.find((t) => t.name === name)!;
    expect(team.member_count).toBe(1);
    const members = await callApi<{ users: { email: string }[] }>(
      server.demoUrl,
      `/api/admin/users?team=${team.id}`,
      {
        token,
      },
    );
    expect(members.body.users.map((u) => u.email)).toEqual(['priya.nair@demo.test']);
  });
});

describe('white label', () => {
  it("Acme's Community shows only its squads and the leaderboard", async () => {
    const { context, page, errors } = await openPage(browser, DESKTOP);
    await loginThroughForm(page, server.acmeUrl, 'member@acme.test');
    await page.goto(`${server.acmeUrl}/community`);
    await expectPath(page, '/community/teams');
    expect(await linkNames(page.getByRole('navigation', { name: 'Community pages' }))).toEqual([
      'My Squads',
      'Leaderboard',
    ]);
    await expectVisible(page.getByRole('link', { name: 'Rocket Squad' }), "the member's squad");
    await expectVisible(page.getByRole('heading', { name: 'Discover' }), 'squads to join');
    expect(errors).toEqual([]);
    await context.close();
  });
});

import AxeBuilder from '@axe-core/playwright';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { apiLogin, callApi } from '../fixtures/api.ts';
import { expectVisible } from '../fixtures/app.ts';
import { DESKTOP, launchBrowser, loginThroughForm, openPage, PHONE } from '../fixtures/browser.ts';
import { ADMIN_ROUTES, GUEST_ROUTES, LEAD_ROUTES, MEMBER_ROUTES, memberIds } from '../fixtures/routes.ts';
import { type RunningServer, startServer } from '../fixtures/server.ts';

// Zero axe violations on every route of SPEC 2 a demo role may reach, under both demo clients' colours
// (Demo on localhost, Acme on 127.0.0.1). The one rule left out is meta-viewport: SPEC 2 asks the page head to
// disable zoom, so text is sized in rem and follows the member's own text size instead.
let server: RunningServer;
let browser: Browser;

// Each test audits a whole list of routes (up to about 40 pages at two widths): about 45 s alone, and more while CI
// runs two spec files on two cores; the suite's 60 s per test was too short for that (a stuck page still fails its
// own 15 s wait).
vi.setConfig({ testTimeout: 240_000 });

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

type Client = 'Demo' | 'Acme';
const baseUrl = (client: Client) => (client === 'Demo' ? server.demoUrl : server.acmeUrl);

/** Waits until the page has its title (h1) and no loader or skeleton is left. */
async function settle(page: Page, route: string): Promise<void> {
  await expectVisible(page.getByRole('heading', { level: 1 }), `the heading of ${route}`, 15_000);
  await page.waitForFunction(
    () =>
      document.querySelectorAll('.animate-pulse, .animate-spin, [aria-busy="true"]').length === 0 &&
      document.fonts.status === 'loaded',
    undefined,
    { timeout: 15_000 },
  );
}

/** Waits until no transition or finite animation runs (a menu sliding in would mix its colours with the page's). */
async function waitForStill(page: Page): Promise<void> {
  await page.waitForFunction(
    () =>
      document
        .getAnimations()
        .every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity),
    undefined,
    { timeout: 10_000 },
  );
}

/** axe's findings on the page as it is now, one readable line per violation. */
async function violationsOf(page: Page, where: string, within?: string): Promise<string[]> {
  const builder = new AxeBuilder({ page });
  // An open menu or listbox makes the rest of the page inert: only it is checked then.
  if (within) builder.include(within);
  await waitForStill(page);
  // Legacy mode runs axe in the page itself (the app has no frames), instead of opening a page per check.
  const results = await builder
    .options({ resultTypes: ['violations'] })
    .disableRules(['meta-viewport'])
    .setLegacyMode(true)
    .analyze();
  return results.violations.map((v) => {
    const targets = v.nodes
      .slice(0, 5)
      .map((node) => {
        const detail = node.any[0]?.message ?? node.all[0]?.message ?? node.none[0]?.message ?? '';
        return `    ${node.target.join(' ')} ${node.html.slice(0, 160)}${detail ? `\n      ${detail}` : ''}`;
      })
      .join('\n');
    const more = v.nodes.length > 5 ? `\n    … and ${v.nodes.length - 5} more` : '';
    return `${where}: ${v.id} (${v.impact}) ${v.help}\n${targets}${more}`;
  });
}

/** Visits each route in one signed-in page and collects the violations of all of them. */
async function audit(page: Page, client: Client, who: string, routes: string[]): Promise<string[]> {
  const found: string[] = [];
  for (const route of routes) {
    await page.goto(`${baseUrl(client)}${route}`);
    await settle(page, route);
    found.push(...(await violationsOf(page, `${client} ${who} ${route}`)));
  }
  return found;
}

/** Fails with every violation found, one block per rule and page (rule, impact, elements, where). */
function expectNoViolations(found: string[]): void {
  if (found.length > 0) throw new Error(`${found.length} axe violation(s):\n\n${found.join('\n\n')}`);
}

/** A context signed in through the login form (or a guest's when no email is given). */
async function signedIn(
  client: Client,
  email: string | null,
): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const opened = await openPage(browser, DESKTOP);
  if (email) await loginThroughForm(opened.page, baseUrl(client), email);
  return opened;
}

const firstId = <T extends { id: string }>(list: T[] | undefined, what: string): string => {
  const id = list?.[0]?.id;
  if (!id) throw new Error(`no ${what} in the demo data`);
  return id;
};

describe.each<Client>(['Demo', 'Acme'])('%s', (client) => {
  const domain = client === 'Demo' ? 'demo.test' : 'acme.test';

  it('has no violations for a guest, on the focus pages and the public share page', async () => {
    const { context, page, errors } = await signedIn(client, null);
    const found = await audit(page, client, 'guest', GUEST_ROUTES);
    // The public page of a shared post (/p/{id}) is rendered by the server.
    const { token } = await apiLogin(baseUrl(client), `member@${domain}`);
    const { activityId } = await socialPostOf(client, token);
    const share = await callApi<{ share: { id: string } }>(
      baseUrl(client),
      `/api/activities/${activityId}/shares`,
      { method: 'POST', token, body: { channel: 'linkedin', text: 'Proud of this #team' } },
    );
    expect(share.status, `creating a share: ${JSON.stringify(share.body)}`).toBe(200);
    await page.goto(`${baseUrl(client)}/p/${share.body.share.id}`);
    await expectVisible(page.getByRole('heading', { level: 1 }), 'the shared post page');
    found.push(...(await violationsOf(page, `${client} guest /p/{id}`)));
    expectNoViolations(found);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('has no violations for a member, on desktop, at 360 px and with the user menu open', async () => {
    const email = `member@${domain}`;
    const { context, page, errors } = await signedIn(client, email);
    const ids = await memberIds(baseUrl(client), email);
    const routes = [
      ...MEMBER_ROUTES,
      `/projects/${ids.projectId}`,
      `/projects/${ids.projectId}/activities/${ids.activityId}`,
      `/community/teams/${ids.teamId}`,
    ];
    const found = await audit(page, client, 'member', routes);
    // The pages are painted in this client's own colours.
    const primary = await page.evaluate(() =>
      getComputedStyle(document.documentElement).getPropertyValue('--color-primary').trim().toUpperCase(),
    );
    expect(primary).toBe(client === 'Demo' ? '#007E97' : '#C2410C');

    // A person's page: the first person listed on the member's team page.
    await page.goto(`${baseUrl(client)}/community/teams/${ids.teamId}`);
    await settle(page, '/community/teams/{id}');
    const personPath = await page.locator('main a[href^="/people/"]').first().getAttribute('href');
    expect(personPath, 'a person on the team page').toMatch(/^\/people\//);
    found.push(...(await audit(page, client, 'member', [personPath!])));

    // The user menu open: the rest of the page is inert meanwhile, so the menu is what is checked.
    await page.goto(`${baseUrl(client)}/`);
    await settle(page, '/');
    await page.getByRole('button', { name: 'User menu' }).click();
    await expectVisible(page.getByRole('menu', { name: 'User menu' }), 'the user menu');
    found.push(...(await violationsOf(page, `${client} member / (user menu open)`, '[role="menu"]')));
    await page.keyboard.press('Escape');

    // Phones: the bottom bar.
    await page.setViewportSize(PHONE);
    found.push(
      ...(await audit(page, client, 'member at 360 px', [
        '/',
        '/projects',
        '/community/leaderboard',
        '/profile',
      ])),
    );
    expectNoViolations(found);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('has no violations for an admin in every admin page', async () => {
    const email = `admin@${domain}`;
    const { context, page, errors } = await signedIn(client, email);
    const { token } = await apiLogin(baseUrl(client), email);
    const projects = await callApi<{ projects: { id: string }[] }>(baseUrl(client), '/api/admin/projects', {
      token,
    });
    const routes = [
      '/',
      ...ADMIN_ROUTES,
      ...(projects.body.projects?.[0] ? [`/admin/projects/${projects.body.projects[0].id}`] : []),
    ];
    const found = await audit(page, client, 'admin', routes);
    // /admin/general warns, with the ratio, about a brand colour too light for text, and is checked so.
    await page.goto(`${baseUrl(client)}/admin/general`);
    await settle(page, '/admin/general');
    await page.getByLabel('Primary colour', { exact: true }).fill('#6BF15C');
    await expectVisible(
      page.getByText('Contrast 1.46:1 on white — below 4.5:1. Text will use #17800B.'),
      'the contrast warning with the accessible variant',
    );
    found.push(...(await violationsOf(page, `${client} admin /admin/general (contrast warning)`)));
    // Phones: the bottom bar and the page selector that replaces the admin tabs, open.
    await page.setViewportSize(PHONE);
    found.push(
      ...(await audit(page, client, 'admin at 360 px', ['/admin/general', '/admin/users', '/admin'])),
    );
    await page.getByRole('button', { name: /Select a page/ }).click();
    await expectVisible(page.getByRole('listbox'), 'the page selector options');
    found.push(
      ...(await violationsOf(
        page,
        `${client} admin at 360 px /admin (page selector open)`,
        '[role="listbox"]',
      )),
    );
    expectNoViolations(found);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('Demo roles of their own', () => {
  it('has no violations for a team lead in the admin area', async () => {
    const { context, page, errors } = await signedIn('Demo', 'lead@demo.test');
    const found = await audit(page, 'Demo', 'team lead', LEAD_ROUTES);
    expectNoViolations(found);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('has no violations in chat: a conversation, a thread, new message, 360 px, and the brand team’s inbox', async () => {
    const { token } = await apiLogin(server.demoUrl, 'member@demo.test');
    const list = await callApi<{ conversations: { id: string; kind: string }[] }>(
      server.demoUrl,
      '/api/chat/conversations',
      { token },
    );
    const direct = list.body.conversations.find((c) => c.kind === 'direct');
    const team = list.body.conversations.find((c) => c.kind === 'team');
    if (!direct || !team) throw new Error('no direct conversation or team channel in the demo chat');
    const messages = await callApi<{ messages: { id: string; reply_count: number }[] }>(
      server.demoUrl,
      `/api/chat/conversations/${team.id}/messages?limit=50`,
      { token },
    );
    const root = messages.body.messages.find((m) => m.reply_count > 0);
    if (!root) throw new Error('no thread in the demo team channel');
    const member = await signedIn('Demo', 'member@demo.test');
    const found = await audit(member.page, 'Demo', 'member', [
      `/chat?conversation=${direct.id}`,
      `/chat?conversation=${team.id}&thread=${root.id}`,
    ]);
    await member.page.getByRole('button', { name: 'New message' }).click();
    await expectVisible(
      member.page
        .getByRole('dialog', { name: 'New message' })
        .getByRole('button', { name: /Sofia Martinez/ }),
      'the new message dialog with people to message',
    );
    found.push(
      ...(await violationsOf(member.page, 'Demo member /chat (new message open)', '[role="dialog"]')),
    );
    await member.page.keyboard.press('Escape');
    await member.page.setViewportSize(PHONE);
    found.push(
      ...(await audit(member.page, 'Demo', 'member at 360 px', ['/chat', `/chat?conversation=${direct.id}`])),
    );

    const admin = await signedIn('Demo', 'admin@demo.test');
    const { token: adminToken } = await apiLogin(server.demoUrl, 'admin@demo.test');
    const inbox = await callApi<{ conversations: { id: string }[] }>(
      server.demoUrl,
      '/api/admin/chat/conversations?box=all',
      { token: adminToken },
    );
    const line = firstId(inbox.body.conversations, 'brand-team conversation');
    found.push(...(await audit(admin.page, 'Demo', 'admin', [`/admin/chat?conversation=${line}`])));
    await admin.page.getByRole('button', { name: 'Notes' }).click();
    await expectVisible(admin.page.getByText('Only the brand team sees this.'), 'the internal notes');
    await settle(admin.page, '/admin/chat (notes)');
    found.push(...(await violationsOf(admin.page, 'Demo admin /admin/chat (notes open)')));
    expectNoViolations(found);
    expect(member.errors).toEqual([]);
    expect(admin.errors).toEqual([]);
    await member.context.close();
    await admin.context.close();
  });

  it('has no violations on the gates: overview, contract, onboarding and an applicant page', async () => {
    const found: string[] = [];
    const gates: [string, string][] = [
      ['newbie@demo.test', '/overview'],
      ['returning@demo.test', '/contract'],
      ['fresh@demo.test', '/onboarding'],
      ['applicant@demo.test', '/applicants/'],
    ];
    for (const [email, path] of gates) {
      const { context, page, errors } = await openPage(browser, DESKTOP);
      await loginThroughForm(page, server.demoUrl, email);
      await page.waitForURL((url) => url.pathname.startsWith(path));
      await settle(page, path);
      found.push(...(await violationsOf(page, `Demo ${email} ${path}`)));
      expect(errors).toEqual([]);
      await context.close();
    }
    // The public application form behind the applicant's application.
    const { token, user } = await apiLogin(server.demoUrl, 'applicant@demo.test');
    const applicant = await callApi<{ applicant: { application: { id: string } } }>(
      server.demoUrl,
      `/api/applicants/${firstId(user.applications, 'application')}`,
      { token },
    );
    const { context, page } = await openPage(browser, DESKTOP);
    found.push(
      ...(await audit(page, 'Demo', 'guest', [`/apply/${applicant.body.applicant.application.id}`])),
    );
    await context.close();
    expectNoViolations(found);
  });
});

/** A Personal Page activity the member may share, for the /p/{id} page. */
async function socialPostOf(client: Client, token: string): Promise<{ activityId: string }> {
  const url = baseUrl(client);
  const projects = await callApi<{ projects: { id: string; joined: boolean }[] }>(
    url,
    '/api/projects?type=social_post',
    { token },
  );
  for (const project of projects.body.projects) {
    if (!project.joined) await callApi(url, `/api/projects/${project.id}/join`, { method: 'POST', token });
    const detail = await callApi<{ project: { activities: { id: string; type: string }[] } }>(
      url,
      `/api/projects/${project.id}`,
      { token },
    );
    const activity = detail.body.project?.activities.find((a) => a.type === 'social_post');
    if (activity) return { activityId: activity.id };
  }
  throw new Error(`no Personal Page activity for the ${client} member`);
}

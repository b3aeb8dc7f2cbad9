import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { apiLogin, callApi } from '../fixtures/api.ts';
import { expectVisible } from '../fixtures/app.ts';
import { horizontalOverflow } from '../fixtures/axe.ts';
import { launchBrowser, loginThroughForm, openPage, PHONE } from '../fixtures/browser.ts';
import { ADMIN_ROUTES, GUEST_ROUTES, LEAD_ROUTES, memberRoutes } from '../fixtures/routes.ts';
import { type RunningServer, startServer } from '../fixtures/server.ts';

// No page of SPEC 2 scrolls sideways on a 360 px phone, for any demo role on either demo client (issue 23: the
// home page's two columns once made every page of every role overflow by 48–180 px and cut off the header logo),
// and no page of Acme, whose words are Mission and Squad, says project or team.
let server: RunningServer;
let browser: Browser;

// Each test walks up to about 25 pages; a stuck page still fails its own 15 s wait.
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

/** Waits until the page has its title and nothing is loading. */
async function settle(page: Page, route: string): Promise<void> {
  await expectVisible(page.getByRole('heading', { level: 1 }), `the heading of ${route}`, 15_000);
  await page.waitForFunction(
    () => document.querySelectorAll('.animate-pulse, .animate-spin, [aria-busy="true"]').length === 0,
    undefined,
    { timeout: 15_000 },
  );
}

/** The elements wider than the viewport that stick out furthest, named so a failure says what to fix. */
const widest = (page: Page) =>
  page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    return [...document.querySelectorAll<HTMLElement>('body *')]
      .map((el) => ({ el, right: el.getBoundingClientRect().right }))
      .filter(({ right }) => right > width + 1)
      .sort((a, b) => b.right - a.right)
      .slice(0, 3)
      .map(({ el, right }) => {
        const classes =
          typeof el.className === 'string' ? el.className.split(/\s+/).slice(0, 6).join('.') : '';
        return `<${el.tagName.toLowerCase()}${classes ? ` .${classes}` : ''}> ends at ${Math.round(right)} px: "${(el.textContent ?? '').trim().slice(0, 40)}"`;
      });
  });

// Acme calls projects Missions and teams Squads: the default words on its pages leak past the client's words
// (issue 23). Not a leak: the brand's own staff ("the brand team", "the Acme team that invited you"), Microsoft's
// product (also by its short name: "the Teams app", "your Teams admin", "in Teams"), and the admin's settings that
// name the default words they replace (apps/web locales.test.ts allows the same strings).
const DEFAULT_WORDS = /\b(projects?|teams?)\b/gi;
const OTHER_MEANINGS = /\b(brand|Acme) team\b|\bMicrosoft Teams\b/gi;
/** Microsoft Teams by its short name, capitalised (a lower-case "in teams" would be a leak). */
const SHORT_TEAMS = /\bTeams (?:admin|apps?)\b|\bin Teams\b/g;
const WORD_SETTINGS = [
  'Your own words for projects, teams and roles, used everywhere in the app.',
  'Word for project',
  'Word for projects (plural)',
  'Word for team',
  'Word for teams (plural)',
  'Team lead',
  'Team admin',
  'Project, team and role words are set in Words above.',
  'Change any text of the app, in each language. Your words for projects, teams and roles above are used in every language unless you change them here for a language.',
];

/** Each sentence of the page that names a project or team in the default words, with the word marked. */
const defaultWords = (page: Page) =>
  page.evaluate(
    ([words, others, shortTeams, settings]) => {
      // biome-ignore lint/performance/useDomNodeTextContent: what the page shows, a line per block (not script text)
      return document.body.innerText
        .split(/\n+/)
        .map((line) => line.trim())
        .filter((line) => !settings.includes(line))
        .filter((line) =>
          new RegExp(words, 'i').test(
            line.replace(new RegExp(others, 'gi'), '').replace(new RegExp(shortTeams, 'g'), ''),
          ),
        )
        .map((line) => line.slice(0, 80));
    },
    [DEFAULT_WORDS.source, OTHER_MEANINGS.source, SHORT_TEAMS.source, WORD_SETTINGS] as const,
  );

/**
 * Opens each route at 360 px and answers how far each one that scrolls sideways overflows, and what sticks out;
 * on Acme, also each line that says project or team in the default words.
 */
async function sideways(page: Page, client: Client, who: string, routes: string[]): Promise<string[]> {
  const found: string[] = [];
  for (const route of routes) {
    await page.goto(`${baseUrl(client)}${route}`);
    await settle(page, route);
    const overflow = await horizontalOverflow(page);
    if (overflow > 0) {
      found.push(
        `${client} ${who} ${route}: scrolls ${overflow} px sideways\n    ${(await widest(page)).join('\n    ')}`,
      );
    }
    if (client === 'Acme') {
      const leaks = await defaultWords(page);
      if (leaks.length > 0)
        found.push(`${client} ${who} ${route}: default words\n    ${leaks.join('\n    ')}`);
    }
  }
  return found;
}

function expectNone(found: string[]) {
  if (found.length > 0)
    throw new Error(
      `${found.length} page(s) scroll sideways at 360 px or use the default words on Acme:\n${found.join('\n')}`,
    );
}

async function walk(
  client: Client,
  email: string | null,
  routes: (url: string) => Promise<string[]> | string[],
) {
  const { context, page, errors } = await openPage(browser, PHONE);
  if (email) await loginThroughForm(page, baseUrl(client), email);
  const found = await sideways(page, client, email ?? 'guest', await routes(baseUrl(client)));
  expectNone(found);
  expect(errors).toEqual([]);
  await context.close();
}

describe.each<Client>(['Demo', 'Acme'])('%s at 360 px', (client) => {
  const domain = client === 'Demo' ? 'demo.test' : 'acme.test';

  it('fits every page a guest opens', async () => {
    await walk(client, null, () => GUEST_ROUTES);
  });

  it('fits every page a member opens', async () => {
    await walk(client, `member@${domain}`, (url) => memberRoutes(url, `member@${domain}`));
  });

  it('fits every page an admin opens', async () => {
    await walk(client, `admin@${domain}`, async (url) => {
      const { token } = await apiLogin(url, `admin@${domain}`);
      const projects = await callApi<{ projects: { id: string }[] }>(url, '/api/admin/projects', { token });
      const first = projects.body.projects?.[0];
      return ['/', ...ADMIN_ROUTES, ...(first ? [`/admin/projects/${first.id}`] : [])];
    });
  });
});

describe('Demo roles of their own at 360 px', () => {
  it('fits every page a team lead opens', async () => {
    await walk('Demo', 'lead@demo.test', () => LEAD_ROUTES);
  });

  it('fits the gates and the applicant page', async () => {
    const found: string[] = [];
    for (const [email, path] of [
      ['newbie@demo.test', '/overview'],
      ['returning@demo.test', '/contract'],
      ['fresh@demo.test', '/onboarding'],
      ['applicant@demo.test', '/applicants/'],
    ] as const) {
      const { context, page, errors } = await openPage(browser, PHONE);
      await loginThroughForm(page, server.demoUrl, email);
      await page.waitForURL((url) => url.pathname.startsWith(path));
      await settle(page, path);
      const overflow = await horizontalOverflow(page);
      if (overflow > 0)
        found.push(
          `Demo ${email} ${path}: scrolls ${overflow} px sideways\n    ${(await widest(page)).join('\n    ')}`,
        );
      expect(errors).toEqual([]);
      await context.close();
    }
    expectNone(found);
  });
});

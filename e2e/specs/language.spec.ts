import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiLogin, callApi } from '../fixtures/api.ts';
import { expectHidden, expectPath, expectVisible } from '../fixtures/app.ts';
import { axeViolations, settle } from '../fixtures/axe.ts';
import { DESKTOP, launchBrowser, loginThroughForm, PASSWORD, PHONE } from '../fixtures/browser.ts';
import { type RunningServer, startServer } from '../fixtures/server.ts';

// The second UI language (issue 14): a member set to Spanish sees every page of SPEC 2 in Spanish, with no key
// missing from the Spanish strings (the app's e2e hook, locales/strings.ts watchMissingKeys, records every key the
// shown language lacks into window.__rallyMissingKeys, with English no fallback), `<html lang="es">`, and switches
// language on /profile at once.
let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** Routes of SPEC 2 a member opens (Performance's badges tab only shows with badges; it answers either way). */
const MEMBER_ROUTES = [
  '/',
  '/projects',
  '/community/feed',
  '/community/teams',
  '/community/following',
  '/community/leaderboard',
  '/performance/posts',
  '/performance/metrics',
  '/performance/badges',
  '/profile',
  '/notifications',
  '/training-library',
  '/help',
  '/chat',
];
/** SPEC 2's admin tabs. */
const ADMIN_ROUTES = [
  '/admin',
  '/admin/general',
  '/admin/projects',
  '/admin/participation',
  '/admin/chat',
  '/admin/badges',
  '/admin/users',
  '/admin/applicants',
  '/admin/library',
  '/admin/safety',
  '/admin/integrations',
  '/admin/ecommerce',
  '/admin/reporting',
];

/** Sets the user's language through the API, as /profile saves it. */
async function chooseLanguage(email: string, locale: 'en' | 'es') {
  const { token } = await apiLogin(server.demoUrl, email);
  const res = await callApi<{ user: { locale: string | null } }>(server.demoUrl, '/api/me', {
    method: 'PATCH',
    token,
    body: { locale },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(res.body.user.locale).toBe(locale);
  return token;
}

/** A browser (English, as the machine's) whose pages record the keys their language lacks. */
async function openWatched(
  viewport = DESKTOP,
): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser.newContext({ viewport, locale: 'en-US' });
  await context.addInitScript(() => {
    (window as { __rallyMissingKeys?: string[] }).__rallyMissingKeys = [];
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  page.on('console', (message) => {
    if (message.type() === 'error') logged.push(message.text());
  });
  return { context, page, errors };
}

/** The browser console's errors, named in a failure's message. */
const logged: string[] = [];
const htmlLang = (page: Page) => page.evaluate(() => document.documentElement.lang);
const isWatched = (page: Page) =>
  page.evaluate(() => (window as { __rallyMissingKeysWatched?: boolean }).__rallyMissingKeysWatched === true);
const missingKeys = (page: Page) =>
  page.evaluate(() => (window as { __rallyMissingKeys?: string[] }).__rallyMissingKeys ?? []);

/** Opens each route afresh (a new first render each time) and answers every key missing there, by route. */
async function walk(page: Page, routes: string[]): Promise<string[]> {
  const missing: string[] = [];
  for (const route of routes) {
    await page.goto(`${server.demoUrl}${route}`);
    // The app draws its first page once the Spanish strings are there; <html lang> says so.
    await page
      .waitForFunction(
        () => document.documentElement.lang === 'es' && document.querySelector('h1'),
        undefined,
        {
          timeout: 15_000,
        },
      )
      .catch(async () => {
        throw new Error(`${route}: <html lang> is "${await htmlLang(page)}", not es, or no page was drawn`);
      });
    await settle(page);
    expect(await isWatched(page), `the missing-key hook records on ${route}`).toBe(true);
    for (const key of await missingKeys(page)) missing.push(`${route}: ${key}`);
  }
  return [...new Set(missing)];
}

/** Signs in (the login page in the browser's English) and waits until the member's Spanish is applied. */
async function signInToSpanish(page: Page, email: string) {
  await loginThroughForm(page, server.demoUrl, email);
  await expectPath(page, '/');
  await page.waitForFunction(() => document.documentElement.lang === 'es', undefined, { timeout: 15_000 });
}

describe('Spanish, chosen by the member', () => {
  it('shows every member page of SPEC 2 in Spanish with no missing key', async () => {
    const token = await chooseLanguage('member@demo.test', 'es');
    const projects = await callApi<{ projects: { id: string }[] }>(server.demoUrl, '/api/projects?type=all', {
      token,
    });
    const projectRoutes = projects.body.projects.slice(0, 1).map((p) => `/projects/${p.id}`);
    const { context, page, errors } = await openWatched();
    await signInToSpanish(page, 'member@demo.test');
    const missing = await walk(page, [...MEMBER_ROUTES, ...projectRoutes]);
    expect(missing, `keys missing in Spanish:\n${missing.join('\n')}`).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows every admin page of SPEC 2 in Spanish with no missing key', async () => {
    await chooseLanguage('admin@demo.test', 'es');
    const { context, page, errors } = await openWatched();
    await signInToSpanish(page, 'admin@demo.test');
    const missing = await walk(page, ADMIN_ROUTES);
    expect(missing, `keys missing in Spanish:\n${missing.join('\n')}`).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('switches on /profile at once, without a reload, and keeps the choice on the next visit (360 px, axe)', async () => {
    await chooseLanguage('lead@demo.test', 'en');
    const { context, page, errors } = await openWatched(PHONE);
    await loginThroughForm(page, server.demoUrl, 'lead@demo.test');
    await page.goto(`${server.demoUrl}/profile`);
    expect(await htmlLang(page)).toBe('en');
    const marker = await page.evaluate(() => {
      (window as { __sameDocument?: boolean }).__sameDocument = true;
      return true;
    });
    await page.getByRole('radio', { name: 'Español' }).click();
    await page
      .waitForFunction(() => document.documentElement.lang === 'es', undefined, { timeout: 30_000 })
      .catch(() => {
        throw new Error(`<html lang> stayed en after choosing Español; console: ${logged.join('\n')}`);
      });
    await expectVisible(page.getByRole('radio', { name: 'Español', checked: true }), 'Español chosen');
    // The page's words follow at once (not only <html lang>).
    await expectHidden(page.getByText('App language', { exact: true }), 'the English label');
    expect(await page.evaluate(() => (window as { __sameDocument?: boolean }).__sameDocument)).toBe(marker);
    const violations = await axeViolations(page, '/profile in Spanish');
    expect(violations, violations.join('\n\n')).toEqual([]);

    await page.reload();
    await page.waitForFunction(
      () => document.documentElement.lang === 'es' && document.querySelector('h1'),
      undefined,
      {
        timeout: 15_000,
      },
    );
    await expectVisible(page.getByRole('radio', { name: 'Español', checked: true }), 'Español still chosen');
    await page.getByRole('radio', { name: 'English' }).click();
    await expectVisible(page.getByRole('radio', { name: 'English', checked: true }), 'English chosen');
    await page
      .waitForFunction(() => document.documentElement.lang === 'en', undefined, { timeout: 30_000 })
      .catch(async () => {
        const alerts = await page.getByRole('alert').allInnerTexts();
        throw new Error(
          `<html lang> stayed "${await htmlLang(page)}" after choosing English; alerts: ${alerts}`,
        );
      });
    await expectVisible(page.getByText('App language'), 'the page in English');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('lets an admin override a Spanish text in the words editor, and members see it', async () => {
    await chooseLanguage('admin@demo.test', 'es');
    const { context, page, errors } = await openWatched();
    await signInToSpanish(page, 'admin@demo.test');
    await page.goto(`${server.demoUrl}/admin/general`);
    await settle(page);
    const violations = await axeViolations(page, '/admin/general in Spanish');
    expect(violations, violations.join('\n\n')).toEqual([]);
    expect(await missingKeys(page)).toEqual([]);
    await context.close();
    expect(errors).toEqual([]);

    const { token } = await apiLogin(server.demoUrl, 'admin@demo.test');
    const saved = await callApi(server.demoUrl, '/api/admin/client/strings', {
      method: 'PATCH',
      token,
      body: { strings: { 'es:nav.home': 'Portada' } },
    });
    expect(saved.status).toBe(200);
    const member = await openWatched();
    await signInToSpanish(member.page, 'member@demo.test');
    await expectVisible(
      member.page.getByRole('navigation').getByRole('link', { name: 'Portada' }),
      'the Spanish override in the navigation',
    );
    await member.context.close();
  });
});

describe('Spanish, from the browser', () => {
  it("shows the public and applicant pages in the browser's Spanish with no missing key, and axe finds nothing", async () => {
    const { token } = await apiLogin(server.demoUrl, 'admin@demo.test');
    const forms = await callApi<{ applications: { id: string }[] }>(
      server.demoUrl,
      '/api/admin/applications',
      {
        token,
      },
    );
    const formId = forms.body.applications[0]?.id;
    expect(formId, 'the demo application form').toBeTruthy();
    // No choice saved anywhere: the browser's language decides.
    const context = await browser.newContext({ viewport: PHONE, locale: 'es-ES' });
    await context.addInitScript(() => {
      (window as { __rallyMissingKeys?: string[] }).__rallyMissingKeys = [];
    });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    const missing = await walk(page, ['/login', '/create', '/reset', '/help', `/apply/${formId}`]);
    const violations = await axeViolations(page, `/apply/${formId} in Spanish`);
    expect(violations, violations.join('\n\n')).toEqual([]);
    // A bad email in the login form is refused in Spanish (the shared rule's message, translated).
    await page.goto(`${server.demoUrl}/login`);
    const email = page.getByLabel('Correo electrónico');
    await email.fill('nope');
    await page.getByLabel('Contraseña', { exact: true }).fill('whatever1');
    await page.getByRole('button', { name: 'Iniciar sesión' }).click();
    await expectVisible(page.getByText('El correo debe ser una dirección válida'), 'the Spanish email error');

    // The applicant's own page (SPEC 4 keeps them there) in Spanish too.
    await email.fill('applicant@demo.test');
    await page.getByLabel('Contraseña', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Iniciar sesión' }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/applicants/'), { timeout: 15_000 });
    missing.push(...(await walk(page, [new URL(page.url()).pathname])));
    expect(missing, `keys missing in Spanish:\n${missing.join('\n')}`).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
});

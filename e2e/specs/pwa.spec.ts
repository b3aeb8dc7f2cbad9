import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectHidden, expectVisible, pageHeading } from '../fixtures/app.ts';
import { DESKTOP, launchBrowser, loginThroughForm, openPage } from '../fixtures/browser.ts';
import { type RunningServer, startServer } from '../fixtures/server.ts';

// The installable app of each host (issue 11): its own manifest and icons, a service worker that precaches the
// build and serves an offline shell, and "Update Ready" when a new build's worker waits (SPEC 2).
const WEB_DIST = fileURLToPath(new URL('../../apps/web/dist', import.meta.url));

let server: RunningServer;
let browser: Browser;
// The server's own copy of the build, so that a test can deploy a new build into it.
let webDist: string;

beforeAll(async () => {
  webDist = mkdtempSync(join(tmpdir(), 'rally-e2e-pwa-web-'));
  cpSync(WEB_DIST, webDist, { recursive: true });
  // The worker goes out as it is, so that a changed sw.js is what the browser gets.
  rmSync(join(webDist, 'sw.js.br'), { force: true });
  rmSync(join(webDist, 'sw.js.gz'), { force: true });
  const worker = readFileSync(join(webDist, 'sw.js'), 'utf8');
  if (!worker.includes('/*__PRECACHE__*/')) {
    throw new Error(
      'apps/web/dist/sw.js has no precache list: run node apps/web/scripts/precache.mjs after the build',
    );
  }
  [server, browser] = await Promise.all([startServer({ WEB_DIST: webDist }), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  if (webDist) rmSync(webDist, { recursive: true, force: true });
});

interface Manifest {
  name: string;
  short_name: string;
  theme_color: string;
  display: string;
  start_url: string;
  icons: Array<{ src: string; sizes: string; type: string; purpose: string }>;
}

/** Waits until the service worker controls the page. */
async function waitForWorker(page: Page) {
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
}

/** The app caches' names and the paths each holds. */
const cachedPaths = (page: Page) =>
  page.evaluate(async () => {
    const out: Record<string, string[]> = {};
    for (const name of await caches.keys()) {
      const keys = await (await caches.open(name)).keys();
      out[name] = keys.map((request) => new URL(request.url).pathname);
    }
    return out;
  });

describe('installable per host', () => {
  it('Demo and Acme each pass Chrome’s installability checks with their own name and icons', async () => {
    // Chrome never offers to install from an incognito profile, which a plain Playwright context is: the
    // installability check (what Lighthouse's installable-manifest audit reported) needs a profile on disk.
    const profile = mkdtempSync(join(tmpdir(), 'rally-e2e-profile-'));
    const context = await chromium.launchPersistentContext(profile, {
      executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--no-first-run',
        '--disable-background-networking',
      ],
      viewport: DESKTOP,
    });
    try {
      const page = context.pages()[0] ?? (await context.newPage());
      const cdp = await context.newCDPSession(page);
      const seen: Record<string, { name: string; icons: string[] }> = {};
      for (const [name, url, colour] of [
        ['Demo', server.demoUrl, '#007E97'],
        ['Acme', server.acmeUrl, '#C2410C'],
      ] as const) {
        await page.goto(`${url}/login`);
        await expectVisible(pageHeading(page, `Log in to ${name}`), `the ${name} login page`);
        await waitForWorker(page);

        const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
          installabilityErrors: Array<{ errorId: string }>;
        };
        expect(
          installabilityErrors.map((e) => e.errorId),
          `${name} is installable`,
        ).toEqual([]);
        const app = (await cdp.send('Page.getAppManifest')) as {
          url: string;
          errors: unknown[];
          data: string;
        };
        expect(app.url).toBe(`${url}/manifest.webmanifest`);
        expect(app.errors).toEqual([]);

        // The page's manifest link resolves, parses and names this host's client.
        const manifest = await page.evaluate(async () => {
          const link = document.querySelector<HTMLLinkElement>('link[rel="manifest"]');
          const res = await fetch(link!.href);
          return { type: res.headers.get('content-type'), body: (await res.json()) as unknown };
        });
        expect(manifest.type).toMatch(/^application\/manifest\+json/);
        const body = manifest.body as Manifest;
        expect(body).toMatchObject({ name, short_name: name, theme_color: colour, display: 'standalone' });
        expect(JSON.parse(app.data)).toEqual(body);

        // Every icon decodes to its declared size.
        for (const icon of body.icons) {
          const decoded = await page.evaluate(async (src) => {
            const res = await fetch(src);
            const bitmap = await createImageBitmap(await res.blob());
            return {
              status: res.status,
              type: res.headers.get('content-type'),
              size: `${bitmap.width}x${bitmap.height}`,
            };
          }, icon.src);
          expect(decoded, icon.src).toEqual({ status: 200, type: 'image/png', size: icon.sizes });
        }
        seen[name] = { name: body.name, icons: body.icons.map((icon) => icon.src) };
      }
      // Each installs as itself: no icon of one host is named by the other.
      const demoIcons = new Set(seen.Demo!.icons);
      expect(seen.Acme!.icons.some((src) => demoIcons.has(src))).toBe(false);
      const other = await fetch(`${server.acmeUrl}${seen.Demo!.icons[0]}`);
      expect(other.status, "Demo's icon on Acme's host").toBe(404);
    } finally {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    }
  });
});

describe('offline', () => {
  it('registers the worker, precaches the build, and shows the cached app shell when offline', async () => {
    const { context, page, errors } = await openPage(browser);
    await page.goto(`${server.demoUrl}/login`);
    await expectVisible(pageHeading(page, 'Log in to Demo'), 'the login page');
    await waitForWorker(page);
    await page.reload();
    await expectVisible(pageHeading(page, 'Log in to Demo'), 'the login page again');
    expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toBe(
      `${server.demoUrl}/sw.js`,
    );

    // One cache of this build: the offline page, the app shell and the entry's hashed files; never an API answer.
    const caches = await cachedPaths(page);
    expect(Object.keys(caches)).toHaveLength(1);
    const [name, paths] = Object.entries(caches)[0]!;
    expect(name).toMatch(/^rally-[0-9a-f]{16}$/);
    expect(paths).toEqual(expect.arrayContaining(['/offline.html', '/']));
    const entry = readFileSync(join(webDist, 'index.html'), 'utf8').match(/\/assets\/index-[\w-]+\.js/)![0];
    expect(paths).toContain(entry);
    expect(paths.filter((path) => path.startsWith('/api/'))).toEqual([]);

    await context.setOffline(true);
    try {
      // An app page: the cached shell starts the app in the client's brand; a logged-out visitor is known to be
      // one without the server.
      await page.goto(`${server.demoUrl}/projects`);
      await expectVisible(pageHeading(page, 'Log in to Demo'), 'the app, started from the cached shell');
      // With a session, the app asks for it and says the server is out of reach.
      await page.evaluate(() => localStorage.setItem('rally.token', 'a-session-of-before'));
      await page.goto(`${server.demoUrl}/projects`);
      await expectVisible(
        page.getByText('Could not reach the server. Check your connection.'),
        'the offline notice',
      );
      expect(await page.locator('#rally-bootstrap').count()).toBe(1);
      // API calls are not answered from any cache.
      expect(
        await page.evaluate(() =>
          fetch('/api/version').then(
            () => 'answered',
            () => 'failed',
          ),
        ),
      ).toBe('failed');
      // A page the server renders itself (a share page) gets the offline page.
      await page.goto(`${server.demoUrl}/p/0190a0a0-0000-7000-8000-000000000000`);
      await expectVisible(
        page.getByRole('heading', { level: 1, name: 'You are offline' }),
        'the offline page',
      );
      await expectVisible(page.getByRole('button', { name: 'Try again' }), 'the retry button');
      expect(await page.title()).toBe('You are offline');
    } finally {
      await context.setOffline(false);
    }
    // Back online, the share page is the server's again (here: not found) and the retry button reaches it.
    await page.getByRole('button', { name: 'Try again' }).click();
    await expectHidden(page.getByRole('heading', { name: 'You are offline' }), 'the offline page');
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('Update Ready', () => {
  const openMenu = (page: Page) => page.getByRole('button', { name: 'User menu' }).click();
  const updateItem = (page: Page) => page.getByRole('menuitem', { name: /^Update Ready/ });

  it('offers a new build found by the service worker, and choosing it reloads into it', async () => {
    const { context, page, errors } = await openPage(browser);
    await loginThroughForm(page, server.demoUrl, 'member@demo.test');
    await waitForWorker(page);
    const before = Object.keys(await cachedPaths(page));
    await openMenu(page);
    await expectVisible(page.getByRole('menuitem', { name: 'Help' }), 'the open menu');
    expect(await updateItem(page).count(), 'no update before a deploy').toBe(0);
    await page.keyboard.press('Escape');

    // Deploy a new build: the worker's build id changes.
    const workerPath = join(webDist, 'sw.js');
    const original = readFileSync(workerPath, 'utf8');
    const next = original.replace(
      /"build":"([0-9a-f]{16})"/,
      (_m, id: string) => `"build":"${id.slice(0, 15)}x"`,
    );
    expect(next).not.toBe(original);
    writeFileSync(workerPath, next);
    try {
      await page.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => r?.update()));
      await page.waitForFunction(() =>
        navigator.serviceWorker.getRegistration().then((r) => Boolean(r?.waiting)),
      );

      await expectVisible(page.getByTestId('menu-dot'), 'the menu dot');
      await openMenu(page);
      await expectVisible(updateItem(page), 'Update Ready in the user menu');
      expect(await updateItem(page).textContent()).toContain('A new version is available');

      await page.evaluate(() => {
        (window as unknown as { beforeUpdate: boolean }).beforeUpdate = true;
      });
      await updateItem(page).click();
      // The page reloads once the new worker controls it, and the old build's cache is gone.
      await page.waitForFunction(() => !(window as unknown as { beforeUpdate?: boolean }).beforeUpdate);
      await waitForWorker(page);
      await expect.poll(async () => Object.keys(await cachedPaths(page))).not.toEqual(before);
      const after = Object.keys(await cachedPaths(page));
      expect(after).toEqual([`rally-${JSON.parse(next.match(/\/\*__PRECACHE__\*\/(.*?)\/\*/)![1]!).build}`]);
      expect(
        await page.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => r?.waiting ?? null)),
      ).toBe(null);
      await openMenu(page);
      await expectVisible(page.getByRole('menuitem', { name: 'Help' }), 'the open menu');
      expect(await updateItem(page).count(), 'no update after it is applied').toBe(0);
    } finally {
      writeFileSync(workerPath, original);
    }
    expect(errors).toEqual([]);
    await context.close();
  });

  it('offers it when the server runs another version, and choosing it reloads the page', async () => {
    // No worker here: the server's version alone flags the update, and choosing it reloads at once.
    const context = await browser.newContext({ viewport: DESKTOP, serviceWorkers: 'block' });
    const page = await context.newPage();
    await page.route('**/api/version', (route) =>
      route.fulfill({ json: { version: '999.0.0' }, headers: { 'cache-control': 'no-store' } }),
    );
    await loginThroughForm(page, server.acmeUrl, 'member@acme.test');
    await openMenu(page);
    await expectVisible(updateItem(page), 'Update Ready in the user menu');
    await page.evaluate(() => {
      (window as unknown as { beforeUpdate: boolean }).beforeUpdate = true;
    });
    await updateItem(page).click();
    await page.waitForFunction(() => !(window as unknown as { beforeUpdate?: boolean }).beforeUpdate);
    await context.close();
  });
});

import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Browser, type BrowserContext, chromium, type FrameLocator, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectVisible, pageHeading } from '../fixtures/app.ts';
import { DESKTOP, launchBrowser, PASSWORD } from '../fixtures/browser.ts';
import { type RunningServer, startServer } from '../fixtures/server.ts';

// The Microsoft Teams personal tab (issue 24) inside a stand-in of the Teams host: a page on another origin that
// frames /integrations/teams and plays the host's side of teams-js (fixtures/teams-host.html), opening the sign-in
// pop-up as Teams does. teams-js opens only https sign-in addresses, as the app is served in production: here a TLS
// proxy with a certificate made for this run serves the app on https://localhost, and the server allows the
// stand-in's origin through TEAMS_HOST_ORIGINS (frame-ancestors, and teams-js's valid message origins).
let server: RunningServer;
let browser: Browser;
let certDir: string;
let hostServer: http.Server;
let tlsProxy: https.Server;
let hostOrigin: string;
let appOrigin: string;

const listen = (srv: http.Server | https.Server) =>
  new Promise<number>((resolve) =>
    srv.listen(0, '127.0.0.1', () => resolve((srv.address() as AddressInfo).port)),
  );

beforeAll(async () => {
  certDir = mkdtempSync(join(tmpdir(), 'rally-teams-tls-'));
  execFileSync(
    'openssl',
    ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', '/CN=localhost'].concat([
      '-addext',
      'subjectAltName=DNS:localhost',
      '-keyout',
      join(certDir, 'key.pem'),
      '-out',
      join(certDir, 'cert.pem'),
    ]),
    { stdio: 'ignore' },
  );
  const hostPage = readFileSync(new URL('../fixtures/teams-host.html', import.meta.url));
  hostServer = http.createServer((_, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(hostPage);
  });
  hostOrigin = `http://127.0.0.1:${await listen(hostServer)}`;
  [server, browser] = await Promise.all([startServer({ TEAMS_HOST_ORIGINS: hostOrigin }), launchBrowser()]);
  // The proxy keeps the Host header (localhost:<tls port>): the app sees its Demo client, as behind a real proxy.
  tlsProxy = https.createServer(
    { key: readFileSync(join(certDir, 'key.pem')), cert: readFileSync(join(certDir, 'cert.pem')) },
    (req, res) => {
      const upstream = http.request(
        { host: '127.0.0.1', port: server.port, method: req.method, path: req.url, headers: req.headers },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        },
      );
      upstream.on('error', () => res.destroy());
      // A page that goes away ends its answer upstream too (the notification stream stays open otherwise).
      res.on('close', () => upstream.destroy());
      req.pipe(upstream);
    },
  );
  appOrigin = `https://localhost:${await listen(tlsProxy)}`;
});
afterAll(async () => {
  await browser?.close();
  tlsProxy?.closeAllConnections();
  tlsProxy?.close();
  await server?.stop();
  hostServer?.closeAllConnections();
  hostServer?.close();
  if (certDir) rmSync(certDir, { recursive: true, force: true });
});

const hostUrl = () =>
  `${hostOrigin}/host.html?tab=${encodeURIComponent(`${appOrigin}/integrations/teams?context=tab`)}`;
const tab = (context: BrowserContext, pageIndex = 0): FrameLocator =>
  context.pages()[pageIndex]!.frameLocator('#tab');
const homeLink = (frame: FrameLocator) =>
  frame.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home' });

describe('Microsoft Teams personal tab', () => {
  it('lets Teams frame the app pages, and only them', async () => {
    const page = await fetch(`${server.demoUrl}/integrations/teams`);
    const csp = page.headers.get('content-security-policy') ?? '';
    expect(csp).toContain(`frame-ancestors 'self' https://*.cloud.microsoft https://teams.microsoft.com`);
    expect(csp).toContain(hostOrigin);
    expect(page.headers.get('x-frame-options')).toBeNull();
    const api = await fetch(`${server.demoUrl}/api/bootstrap`);
    expect(api.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(api.headers.get('x-frame-options')).toBe('DENY');
  });

  /** Signs member@demo.test in from the tab through the pop-up, and checks the app then shows in the tab. */
  async function signInThroughPopup(context: BrowserContext, page: Page, errors: string[]) {
    await page.goto(hostUrl());
    const frame = page.frameLocator('#tab');
    const signIn = frame.getByRole('button', { name: 'Sign in to Demo' });
    await expectVisible(signIn, 'the sign-in screen of the tab', 20_000);
    const popupOpened = context.waitForEvent('page');
    await signIn.click();
    const popup = await popupOpened;
    popup.on('pageerror', (e) => errors.push(String(e)));
    // No session in the pop-up's browser yet: the normal login, which comes back to the pop-up.
    await expectVisible(pageHeading(popup, 'Log in to Demo'), 'the login page in the pop-up', 20_000);
    expect(new URL(popup.url()).origin).toBe(appOrigin);
    const closed = popup.waitForEvent('close', { timeout: 20_000 });
    await popup.getByLabel('Email').fill('member@demo.test');
    await popup.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await popup.getByRole('button', { name: 'Log in' }).click();
    await closed;
    await expectVisible(homeLink(frame), 'the app in the tab', 20_000);
    await expect.poll(() => homeLink(frame).getAttribute('aria-current'), { timeout: 10_000 }).toBe('page');
    const log = await page.evaluate(() =>
      (window as unknown as { teamsHost: { log: { from: string; func: string }[] } }).teamsHost.log.map(
        (entry) => `${entry.from}:${entry.func}`,
      ),
    );
    expect(log).toEqual(
      expect.arrayContaining([
        'tab:initialize',
        'tab:authentication.authenticate',
        'popup:initialize',
        'popup:authentication.authenticate.success',
      ]),
    );
  }

  it('signs a member in through the Teams pop-up where the browser refuses the tab storage, then opens the app', async () => {
    // A fresh context blocks third-party storage, as Safari and Chrome's incognito do: the tab keeps its session in
    // the page alone.
    const context = await browser.newContext({ viewport: DESKTOP, ignoreHTTPSErrors: true });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    await signInThroughPopup(context, page, errors);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('with a browser profile that allows the tab storage, the next visit goes straight into the app', async () => {
    // Chrome's default profile setting (third-party storage allowed, partitioned by the Teams site).
    const profile = mkdtempSync(join(tmpdir(), 'rally-teams-profile-'));
    mkdirSync(join(profile, 'Default'));
    writeFileSync(
      join(profile, 'Default', 'Preferences'),
      JSON.stringify({ profile: { cookie_controls_mode: 0, block_third_party_cookies: false } }),
    );
    const context = await chromium.launchPersistentContext(profile, {
      executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run'].concat([
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ]),
      viewport: DESKTOP,
      ignoreHTTPSErrors: true,
    });
    try {
      const errors: string[] = [];
      const page = context.pages()[0] ?? (await context.newPage());
      page.on('pageerror', (e) => errors.push(String(e)));
      await signInThroughPopup(context, page, errors);
      // Later, Teams opens the tab again: its session is kept, no sign-in.
      await page.goto('about:blank');
      await page.goto(hostUrl());
      const frame = page.frameLocator('#tab');
      await expectVisible(homeLink(frame), 'the app, straight away', 20_000);
      expect(await frame.getByRole('button', { name: 'Sign in to Demo' }).count()).toBe(0);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    }
  });

  it("signs a new person in through the client's company sign-in in the pop-up (the demo provider)", async () => {
    const context = await browser.newContext({ viewport: DESKTOP, ignoreHTTPSErrors: true });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    await page.goto(hostUrl());
    const signIn = tab(context).getByRole('button', { name: 'Sign in to Demo' });
    await expectVisible(signIn, 'the sign-in screen of the tab', 20_000);
    const popupOpened = context.waitForEvent('page');
    await signIn.click();
    const popup = await popupOpened;
    const closed = popup.waitForEvent('close', { timeout: 30_000 });
    await popup.getByRole('link', { name: 'Sign in with Demo ID' }).click();
    await expectVisible(
      popup.getByRole('heading', { name: 'Demo identity provider' }),
      'the provider',
      20_000,
    );
    await popup.getByRole('button', { name: /Nia Okafor/ }).click();
    // Back from the provider the pop-up still has its opener, hands the sign-in on and closes.
    await closed;
    // New to Demo: the tab opens the app at the onboarding gate of SPEC 4.
    await expect
      .poll(
        () =>
          page
            .frames()
            .find((f) => f.url().startsWith(appOrigin))
            ?.url() ?? '',
        { timeout: 20_000 },
      )
      .toMatch(/\/(overview|contract|onboarding)/);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('says the sign-in was cancelled when the member closes the pop-up', async () => {
    const context = await browser.newContext({ viewport: DESKTOP, ignoreHTTPSErrors: true });
    const page = await context.newPage();
    await page.goto(hostUrl());
    const signIn = tab(context).getByRole('button', { name: 'Sign in to Demo' });
    await expectVisible(signIn, 'the sign-in screen of the tab', 20_000);
    const popupOpened = context.waitForEvent('page');
    await signIn.click();
    const popup = await popupOpened;
    await expectVisible(pageHeading(popup, 'Log in to Demo'), 'the login page in the pop-up', 20_000);
    await popup.close();
    await expectVisible(tab(context).getByRole('alert'), 'the reason', 10_000);
    await expect(tab(context).getByRole('alert').textContent()).resolves.toContain('Sign-in was cancelled');
    await context.close();
  });

  it('outside Teams, says what the page is for and links to the app', async () => {
    const context = await browser.newContext({ viewport: DESKTOP, ignoreHTTPSErrors: true });
    const page = await context.newPage();
    await page.goto(`${appOrigin}/integrations/teams`);
    await expectVisible(pageHeading(page, 'Microsoft Teams'), 'the landing page');
    await expectVisible(page.getByText(/opens Demo as a tab inside Microsoft Teams/), 'what it is for');
    await expectVisible(page.getByRole('link', { name: 'Log in' }), 'the link to the app');
    await context.close();
  });
});

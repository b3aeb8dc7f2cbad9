import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeDns, startFakeDns } from '../../apps/server/src/test/fake-dns.ts';
import { expectHidden, expectVisible } from '../fixtures/app.ts';
import { expectNoAxeViolations, horizontalOverflow } from '../fixtures/axe.ts';
import { DESKTOP, launchBrowser, loginThroughForm, openPage, PHONE } from '../fixtures/browser.ts';
import { type RunningServer, startServer } from '../fixtures/server.ts';

// The Demo admin adds a custom domain on /admin/general, creates its TXT record (in the stand-in DNS) and verifies it.
let server: RunningServer;
let browser: Browser;
let dns: FakeDns;

beforeAll(async () => {
  dns = await startFakeDns();
  [server, browser] = await Promise.all([
    startServer({ DNS_SERVERS: dns.address, APP_HOST: 'app.rally.test' }),
    launchBrowser(),
  ]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await dns?.close();
});

describe('/admin/general Domains', () => {
  for (const [label, viewport] of [
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const) {
    it(`adds a domain, shows the records, verifies it through DNS and removes it (${label})`, async () => {
      const host = `${label}.demo-brand.test`;
      const { context, page, errors } = await openPage(browser, viewport);
      await loginThroughForm(page, server.demoUrl, 'admin@demo.test');
      await page.goto(`${server.demoUrl}/admin/general`);
      const section = page.getByRole('region', { name: 'Domains' });
      await expectVisible(section.getByRole('heading', { name: 'localhost' }), 'the demo host');

      await section.getByLabel('Domain', { exact: true }).fill('https://nope.example.com');
      await section.getByRole('button', { name: 'Add domain' }).click();
      await expectVisible(section.getByText('without http:// or https://'), 'the host error');
      await section.getByLabel('Domain', { exact: true }).fill(host);
      await section.getByRole('button', { name: 'Add domain' }).click();
      const card = section.getByRole('listitem').filter({ has: page.getByRole('heading', { name: host }) });
      await expectVisible(card.getByText('Waiting for DNS'), 'the pending badge');
      const token = (await card.locator('code', { hasText: /^rally-verify-/ }).textContent())!;

      await card.getByRole('button', { name: 'Verify now' }).click();
      await expectVisible(
        card.getByText(`TXT record not found at _rally-verification.${host}`),
        'the missing record',
      );
      expect(await horizontalOverflow(page), 'no sideways scroll').toBe(0);
      await expectNoAxeViolations(page, `/admin/general domains (${label})`);

      dns.set('TXT', `_rally-verification.${host}`, [token]);
      await card.getByRole('button', { name: 'Verify now' }).click();
      await expectVisible(card.getByText('Verified', { exact: true }), 'the verified badge');

      await card.getByRole('button', { name: 'Remove' }).click();
      const dialog = page.getByRole('dialog', { name: `Remove ${host}?` });
      await dialog.getByRole('button', { name: 'Remove domain' }).click();
      await expectHidden(section.getByRole('heading', { name: host }), 'the removed domain');
      expect(errors).toEqual([]);
      await context.close();
    });
  }
});

import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiLogin, apiMe, callApi } from '../fixtures/api.ts';
import { expectPath, expectVisible } from '../fixtures/app.ts';
import {
  allowProblems,
  DESKTOP,
  launchBrowser,
  loginThroughForm,
  openPage,
  PHONE,
} from '../fixtures/browser.ts';
import { oversizedPng } from '../fixtures/png.ts';
import { type RunningServer, startServer } from '../fixtures/server.ts';

// Bad input through the UI (clear errors, nothing changes) and straight at the server (clear 4xx answers).
let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const toasts = (page: Page) => page.getByRole('status', { name: 'Notifications from the app' });

async function openProfile(email: string, viewport = DESKTOP) {
  const opened = await openPage(browser, viewport);
  await loginThroughForm(opened.page, server.demoUrl, email);
  await opened.page.goto(`${server.demoUrl}/profile`);
  await expectVisible(opened.page.getByLabel('First name'), 'the profile form');
  return opened;
}

describe('profile form', () => {
  it('refuses a first name over 80 characters with a field error, and nothing changes', async () => {
    const { context, page, errors } = await openProfile('member@demo.test');
    let patches = 0;
    page.on('request', (request) => {
      if (request.method() === 'PATCH' && new URL(request.url()).pathname === '/api/me') patches += 1;
    });
    const firstName = page.getByLabel('First name');
    await firstName.fill('A'.repeat(81));
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expectVisible(page.getByText('First name must be 80 characters or less'), 'the length error');
    await expect.poll(() => firstName.getAttribute('aria-invalid')).toBe('true');
    expect(patches, 'the invalid form is not sent').toBe(0);

    await page.reload();
    await expectVisible(page.getByLabel('First name'), 'the profile form after reload');
    expect(await page.getByLabel('First name').inputValue()).toBe('Maya');
    const { token } = await apiLogin(server.demoUrl, 'member@demo.test');
    expect((await apiMe(server.demoUrl, token)).first_name).toBe('Maya');
    expect(errors).toEqual([]);
    await context.close();
  });

  it("shows the server's refusal under the field it names, and nothing changes", async () => {
    const { context, page, errors } = await openProfile('member@demo.test', PHONE);
    allowProblems(page, /^PATCH \/api\/me 400 /);
    // Showing the username needs a username; the member has none.
    expect(await page.getByLabel('Username', { exact: true }).inputValue()).toBe('');
    await page.getByLabel('City').fill('Dallas');
    await page.getByRole('checkbox', { name: /Show my username instead of my name/ }).check();
    await page.getByRole('button', { name: 'Save changes' }).click();
    const message = page.getByText('Username is required to show it instead of your name');
    await expectVisible(message, "the server's message");
    await expect
      .poll(() => page.getByLabel('Username', { exact: true }).getAttribute('aria-invalid'))
      .toBe('true');
    expect(await page.getByText('Profile saved').count(), 'no success toast').toBe(0);

    await page.reload();
    await expectVisible(page.getByLabel('City'), 'the profile form after reload');
    expect(await page.getByLabel('City').inputValue()).toBe('Austin');
    await expect.poll(() => page.getByRole('checkbox', { name: /Show my username/ }).isChecked()).toBe(false);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('avatar upload', () => {
  it('shows a clear error for a text file named photo.png and keeps the avatar', async () => {
    const { context, page, errors } = await openProfile('member@demo.test');
    allowProblems(page, /^POST \/api\/upload 415 /);
    const avatar = page.getByRole('main').getByRole('img', { name: 'Maya Member' });
    const before = await avatar.evaluate((el) => el.outerHTML);
    await page.getByLabel('Change photo').setInputFiles({
      name: 'photo.png',
      mimeType: 'image/png',
      buffer: Buffer.from('just some text pretending to be a photo\n'),
    });
    await expectVisible(
      toasts(page).getByText(
        'This file type is not accepted for avatar: send JPEG, PNG, WebP, GIF or AVIF images',
      ),
      'the unsupported type toast',
    );
    expect(await avatar.evaluate((el) => el.outerHTML)).toBe(before);
    const { token } = await apiLogin(server.demoUrl, 'member@demo.test');
    expect((await apiMe(server.demoUrl, token)).image_url).toBeNull();

    // The toast can be dismissed.
    await toasts(page).getByRole('button', { name: 'Dismiss' }).click();
    await expect.poll(() => toasts(page).getByText('This file type is not accepted').count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('says an image over 10 MB is too large and keeps the avatar', async () => {
    const { context, page, errors } = await openProfile('member@demo.test', PHONE);
    allowProblems(page, /^POST \/api\/upload 413 /);
    const big = oversizedPng(10 * 1024 * 1024 + 64 * 1024);
    await page
      .getByLabel('Change photo')
      .setInputFiles({ name: 'huge.png', mimeType: 'image/png', buffer: big });
    await expectVisible(
      toasts(page).getByText('File is too large: image files may be at most 10 MB'),
      'the too large toast',
      30_000,
    );
    const { token } = await apiLogin(server.demoUrl, 'member@demo.test');
    expect((await apiMe(server.demoUrl, token)).image_url).toBeNull();
    expect(await page.getByRole('main').locator('img[src]').count(), 'still the default avatar').toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('straight at the server', () => {
  it('answers 400 with a message to a malformed JSON body', async () => {
    const login = await callApi(server.demoUrl, '/api/login', {
      method: 'POST',
      rawBody: '{"email": "member@',
    });
    expect(login.status).toBe(400);
    expect(typeof login.body.message, JSON.stringify(login.body)).toBe('string');
    expect(String(login.body.message)).toMatch(/JSON/);

    const { token } = await apiLogin(server.demoUrl, 'member@demo.test');
    const patch = await callApi(server.demoUrl, '/api/me', {
      method: 'PATCH',
      token,
      rawBody: '{first_name:',
    });
    expect(patch.status).toBe(400);
    expect(typeof patch.body.message).toBe('string');

    // Well-formed JSON of the wrong shape names the problem.
    const wrong = await callApi(server.demoUrl, '/api/login', { method: 'POST', body: { email: 42 } });
    expect(wrong.status).toBe(400);
    expect(typeof wrong.body.message).toBe('string');
    // The server enforces the length the form checks.
    const tooLong = await callApi(server.demoUrl, '/api/me', {
      method: 'PATCH',
      token,
      body: { first_name: 'B'.repeat(81) },
    });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.message).toBe('First name must be 80 characters or less');
    expect((await apiMe(server.demoUrl, token)).first_name).toBe('Maya');
  });

  it("answers 401 to another client's token", async () => {
    const acme = await apiLogin(server.acmeUrl, 'member@acme.test');
    const calls: [string, string, unknown][] = [
      ['GET', '/api/me', undefined],
      ['PATCH', '/api/me', { city: 'Nowhere' }],
      ['GET', '/api/notifications', undefined],
      ['GET', '/api/projects', undefined],
      ['POST', '/api/me/contract', { contract_id: acme.user.client.contract_id }],
    ];
    for (const [method, path, body] of calls) {
      const res = await callApi(server.demoUrl, path, { method, token: acme.token, body });
      expect(res.status, `${method} ${path} with an Acme token on Demo`).toBe(401);
      expect(typeof res.body.message).toBe('string');
    }
    // Nothing changed for the Acme member.
    const me = await apiMe(server.acmeUrl, acme.token);
    expect(me.email).toBe('member@acme.test');
    expect(me.city).toBe('Denver');
  });

  it('answers 409 to accepting a stale contract and leaves the user unchanged', async () => {
    const { token, user } = await apiLogin(server.demoUrl, 'returning@demo.test');
    const current = user.client.contract_id;
    const stale = user.contract_id;
    expect(stale, 'returning@demo.test agreed to an older contract').toBeTruthy();
    expect(stale).not.toBe(current);

    const res = await callApi(server.demoUrl, '/api/me/contract', {
      method: 'POST',
      token,
      body: { contract_id: stale },
    });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: 'stale_contract' });
    expect(typeof res.body.message).toBe('string');
    // An id of no contract at all is stale as well; a malformed one is bad input.
    const unknown = await callApi(server.demoUrl, '/api/me/contract', {
      method: 'POST',
      token,
      body: { contract_id: '01900000-0000-7000-8000-000000000000' },
    });
    expect(unknown.status).toBe(409);
    const malformed = await callApi(server.demoUrl, '/api/me/contract', {
      method: 'POST',
      token,
      body: { contract_id: 'v2' },
    });
    expect(malformed.status).toBe(400);

    const after = await apiMe(server.demoUrl, token);
    expect(after.contract_id).toBe(stale);
    expect(after.contract_agreed_at).toBe(user.contract_agreed_at);

    // And the browser still holds returning on the forced contract.
    const { context, page, errors } = await openPage(browser, PHONE);
    await loginThroughForm(page, server.demoUrl, 'returning@demo.test');
    await expectPath(page, '/contract?forced=true');
    expect(errors).toEqual([]);
    await context.close();
  });
});

import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestIdp, type TestIdp } from '../../apps/server/src/test/oidc-idp.ts';
import { startTestSamlIdp, type TestSamlIdp } from '../../apps/server/src/test/saml-idp.ts';
import { apiLogin, apiMe, callApi } from '../fixtures/api.ts';
import { expectPath, expectVisible } from '../fixtures/app.ts';
import {
  allowProblems,
  DESKTOP,
  launchBrowser,
  loginThroughForm,
  openPage,
  PASSWORD,
} from '../fixtures/browser.ts';
import { type RunningServer, startServer } from '../fixtures/server.ts';

// Single sign-on (issue 24) in Chromium against a real OpenID Connect provider (oidc-provider) on loopback: an
// admin sets it up on /admin/integrations; a new person signs in through it and lands in the app in the team their
// group maps to; an existing member links by their verified email; required single sign-on refuses a member's
// password with the company sign-in's name, while the break-glass admin keeps theirs; then the admin moves it to a
// SAML 2.0 provider (a stand-in on 127.0.0.1, another site than Demo's localhost, whose page posts the signed answer
// back as Entra ID's and Okta's do) by its metadata URL, and a new person signs in through that.
let server: RunningServer;
let browser: Browser;
let idp: TestIdp;
let samlIdp: TestSamlIdp;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  idp = await startTestIdp([`${server.demoUrl}/api/sso/callback`]);
  samlIdp = await startTestSamlIdp();
});
afterAll(async () => {
  await idp?.close();
  await samlIdp?.close();
  await browser?.close();
  await server?.stop();
});

describe('single sign-on', () => {
  it('on a fresh demo, signs a new person in through the demo provider at /dev/idp', async () => {
    const { context, page, errors } = await openPage(browser, DESKTOP);
    await page.goto(`${server.demoUrl}/login?to=%2Fprojects`);
    await page.getByRole('link', { name: 'Sign in with Demo ID' }).click();
    await expectVisible(page.getByRole('heading', { name: 'Demo identity provider' }), 'the demo provider');
    await page.getByRole('button', { name: /Nia Okafor/ }).click();
    // New to Demo: an account made at once, and the onboarding gate of SPEC 4 before the app.
    await expectPath(page, /^\/(overview|contract|onboarding)/, 20_000);
    const { token } = await apiLogin(server.demoUrl, 'admin@demo.test');
    const found = await callApi<{ users: { email: string; teams: { name: string }[] }[] }>(
      server.demoUrl,
      '/api/admin/users?q=nia.okafor',
      { token },
    );
    expect(found.body.users.map((u) => [u.email, u.teams.map((t) => t.name)])).toEqual([
      ['nia.okafor@demo.test', ['Sales']],
    ]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("on another client's address, a work email finds Demo's company sign-in and starts it on Demo's own address", async () => {
    const { context, page, errors } = await openPage(browser, DESKTOP);
    allowProblems(page, /\/api\/sso\/discover/);
    await page.goto(`${server.acmeUrl}/sso?to=%2Fchat`);
    const email = page.getByLabel('Work email');
    await email.fill('someone@nowhere.example');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expectVisible(
      page.getByText('No company sign-in is set up for nowhere.example'),
      'the refusal naming the domain',
    );
    await email.fill('nia.okafor@demo.test');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expectVisible(page.getByRole('heading', { name: 'Demo identity provider' }), "Demo's provider");
    expect(new URL(page.url()).origin).toBe(server.demoUrl);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('an admin points it at the company provider; a new person and an existing member sign in through it; required refuses passwords', async () => {
    const admin = await openPage(browser, DESKTOP);
    await loginThroughForm(admin.page, server.demoUrl, 'admin@demo.test');
    await admin.page.goto(`${server.demoUrl}/admin/integrations`);
    await expectVisible(
      admin.page.getByRole('heading', { name: 'Single sign-on' }),
      'the single sign-on settings',
    );
    await expectVisible(
      admin.page.getByText(`${server.demoUrl}/api/sso/callback`),
      'the redirect URI to register',
    );
    // The demo's own single sign-on (the demo provider) is there to change: it now goes to the company's.
    await expectVisible(admin.page.getByLabel('Name', { exact: true }), 'the settings form');
    expect(await admin.page.getByLabel('Name', { exact: true }).inputValue()).toBe('Demo ID');
    await admin.page.getByLabel('Name', { exact: true }).fill('Demo Okta');
    await admin.page.getByLabel('Issuer URL').fill(idp.issuer);
    await admin.page.getByLabel('Client ID').fill(idp.clientId);
    await admin.page.getByLabel('Client secret').fill(idp.clientSecret);
    await admin.page.getByLabel('Scopes').fill('openid email profile groups');
    // The demo's rule stays: the provider's sales group puts people in the Sales team.
    const groups = admin.page.getByRole('group', { name: 'Groups' });
    expect(await groups.getByRole('textbox', { name: 'Group 1' }).inputValue()).toBe('sales');
    await admin.page.getByRole('button', { name: 'Save single sign-on' }).click();
    await expectVisible(admin.page.getByText('Single sign-on saved'), 'the saved notice');
    await expectVisible(
      admin.page.getByText('A secret is stored and never shown. Leave empty to keep it.'),
      'the stored secret',
    );

    // A new person: the login page offers the company sign-in; they come back signed in, past the app's gates.
    const email = `sso-${Date.now()}@corp.example`;
    idp.person({
      sub: 'new-1',
      email,
      email_verified: true,
      given_name: 'Nia',
      family_name: 'Okafor',
      groups: ['sales'],
    });
    idp.signInAs('new-1');
    const newcomer = await openPage(browser, DESKTOP);
    await newcomer.page.goto(`${server.demoUrl}/login?to=%2Fprojects`);
    await newcomer.page.getByRole('link', { name: 'Sign in with Demo Okta' }).click();
    // Not onboarded yet: the onboarding gate of SPEC 4 comes first, as after a password login.
    await expectPath(newcomer.page, /^\/(overview|contract|onboarding)/, 20_000);
    const { token: adminToken } = await apiLogin(server.demoUrl, 'admin@demo.test');
    const people = await callApi<{ users: { email: string; teams: { name: string }[] }[] }>(
      server.demoUrl,
      `/api/admin/users?q=${encodeURIComponent(email)}`,
      { token: adminToken },
    );
    expect(people.body.users.map((u) => [u.email, u.teams.map((t) => t.name)])).toEqual([[email, ['Sales']]]);

    // An existing member links by their verified email and lands where they were going.
    idp.person({ sub: 'maya-corp', email: 'member@demo.test', email_verified: true, groups: [] });
    idp.signInAs('maya-corp');
    const member = await openPage(browser, DESKTOP);
    await member.page.goto(`${server.demoUrl}/sso?to=%2Fprojects`);
    await member.page.getByRole('link', { name: 'Sign in with Demo Okta' }).click();
    await expectPath(member.page, '/projects', 20_000);
    await expectVisible(member.page.getByRole('heading', { level: 1 }), 'the projects page');

    // Required: the admin names themself the break-glass admin; a member's password is refused, theirs is not.
    await admin.page.getByRole('radio', { name: /Company sign-in only/ }).click();
    await admin.page.getByRole('button', { name: 'Break-glass admin' }).click();
    await admin.page.getByRole('option', { name: /admin@demo\.test/ }).click();
    await admin.page.getByRole('button', { name: 'Save single sign-on' }).click();
    await expectVisible(admin.page.getByText('Single sign-on saved'), 'the saved notice');
    const refused = await openPage(browser, DESKTOP);
    allowProblems(refused.context, /POST \/api\/login 403/);
    await refused.page.goto(`${server.demoUrl}/login`);
    await refused.page.getByLabel('Email').fill('member@demo.test');
    await refused.page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await refused.page.getByRole('button', { name: 'Log in' }).click();
    await expectVisible(
      refused.page.getByText('Sign in with Demo Okta: this app uses your company sign-in, not a password.'),
      'the refusal naming the company sign-in',
    );
    const { token } = await apiLogin(server.demoUrl, 'admin@demo.test');
    expect((await apiMe(server.demoUrl, token)).email).toBe('admin@demo.test');

    for (const opened of [admin, newcomer, member, refused]) {
      expect(opened.errors).toEqual([]);
      await opened.context.close();
    }
  });

  it('an admin moves it to a SAML 2.0 provider by its metadata URL, and a new person signs in through it', async () => {
    const admin = await openPage(browser, DESKTOP);
    await loginThroughForm(admin.page, server.demoUrl, 'admin@demo.test');
    await admin.page.goto(`${server.demoUrl}/admin/integrations`);
    await admin.page.getByRole('radio', { name: /SAML 2\.0/ }).click();
    // What to give the provider: the app's entity ID and reply URL on Demo's own address, and its metadata.
    await expectVisible(admin.page.getByText(`${server.demoUrl}/api/sso/saml/acs`), 'the reply URL');
    const download = admin.page.getByRole('link', { name: "Download the app's SAML metadata" });
    const metadataUrl = await download.getAttribute('href');
    expect(metadataUrl).toBe(`${server.demoUrl}/api/sso/saml/metadata`);
    const metadata = await admin.page.request.get(metadataUrl!);
    expect(await metadata.text()).toContain(`Location="${server.demoUrl}/api/sso/saml/acs"`);
    await admin.page.getByLabel('Metadata URL').fill(samlIdp.metadataUrl);
    await admin.page.getByRole('radio', { name: /Company sign-in or password/ }).click();
    await admin.page.getByRole('button', { name: 'Save single sign-on' }).click();
    await expectVisible(admin.page.getByText('Single sign-on saved'), 'the saved notice');
    await expectVisible(admin.page.getByText('CN=Rally Test IdP'), "the provider's certificate");
    await expectVisible(admin.page.getByText(samlIdp.ssoUrl), "the provider's sign-in address");

    const email = `saml-${Date.now()}@corp.example`;
    samlIdp.signInAs({ nameId: email, attributes: { givenName: 'Sam', surname: 'Lee', groups: ['sales'] } });
    const newcomer = await openPage(browser, DESKTOP);
    await newcomer.page.goto(`${server.demoUrl}/login?to=%2Fprojects`);
    await newcomer.page.getByRole('link', { name: 'Sign in with Demo Okta' }).click();
    await newcomer.page.getByRole('button', { name: `Continue as ${email}` }).click();
    // Back on Demo, signed in, at the onboarding gate of SPEC 4 as after a password login.
    await expectPath(newcomer.page, /^\/(overview|contract|onboarding)/, 20_000);
    expect(new URL(newcomer.page.url()).origin).toBe(server.demoUrl);
    const { token } = await apiLogin(server.demoUrl, 'admin@demo.test');
    const people = await callApi<{
      users: { email: string; display_name: string; teams: { name: string }[] }[];
    }>(server.demoUrl, `/api/admin/users?q=${encodeURIComponent(email)}`, { token });
    expect(people.body.users.map((u) => [u.email, u.display_name, u.teams.map((t) => t.name)])).toEqual([
      [email, 'Sam Lee', ['Sales']],
    ]);
    for (const opened of [admin, newcomer]) {
      expect(opened.errors).toEqual([]);
      await opened.context.close();
    }
  });
});

import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOnboardedAccount, uniqueEmail, waitForMailLink } from '../fixtures/api.ts';
import { expectPath, expectVisible, pageHeading } from '../fixtures/app.ts';
import {
  allowProblems,
  DESKTOP,
  launchBrowser,
  loginThroughForm,
  openPage,
  PHONE,
} from '../fixtures/browser.ts';
import { type RunningServer, startServer } from '../fixtures/server.ts';

// People administration (issue 14): invitations, deactivation and contract versions, as admins and members meet them.
let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function openUsers(page: Page) {
  await loginThroughForm(page, server.demoUrl, 'admin@demo.test');
  await page.goto(`${server.demoUrl}/admin/users`);
  await expectVisible(page.getByRole('button', { name: 'Invite' }), 'the Invite button');
}

describe('/admin/users', () => {
  it('invites someone, who accepts from the mailed link and lands in onboarding', async () => {
    const admin = await openPage(browser, DESKTOP);
    await openUsers(admin.page);
    const email = uniqueEmail('invitee');
    await admin.page.getByRole('button', { name: 'Invite' }).click();
    const dialog = admin.page.getByRole('dialog', { name: 'Invite someone' });
    await dialog.getByLabel('Email').fill(email);
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    await expectVisible(admin.page.getByText(`Invitation sent to ${email}`), 'the invitation toast');
    await admin.page.getByRole('searchbox', { name: 'Search' }).fill(email);
    await expectVisible(
      admin.page.getByRole('table').getByRole('button', { name: `Revoke the invitation of ${email}` }),
      'the invited row',
    );
    expect(admin.errors).toEqual([]);

    const link = await waitForMailLink(server.demoUrl, email, '/reset');
    expect(new URL(link).searchParams.get('invite'), 'an invitation link').toBeTruthy();
    const invitee = await openPage(browser, PHONE);
    await invitee.page.goto(link);
    await expectVisible(pageHeading(invitee.page, 'Accept your invitation'), 'the invitation page');
    await invitee.page.getByLabel('Password', { exact: true }).fill('a-strong-password');
    await invitee.page.getByLabel('Confirm password').fill('a-strong-password');
    await invitee.page.getByRole('button', { name: 'Accept and sign in' }).click();
    await expectPath(invitee.page, '/overview');
    await expectVisible(pageHeading(invitee.page, 'Welcome to Demo'), 'the onboarding overview');
    expect(invitee.errors).toEqual([]);

    // The link works once.
    const again = await openPage(browser, PHONE);
    allowProblems(again.page, /^POST \/api\/invitations\/accept 400 /);
    await again.page.goto(link);
    await again.page.getByLabel('Password', { exact: true }).fill('a-strong-password');
    await again.page.getByLabel('Confirm password').fill('a-strong-password');
    await again.page.getByRole('button', { name: 'Accept and sign in' }).click();
    await expectVisible(again.page.getByText(/invalid or has expired/), 'the used-link message');
    await Promise.all([admin.context.close(), invitee.context.close(), again.context.close()]);
  });

  it("deactivates a member after a confirmation, and the member's open session is signed out", async () => {
    const { email } = await createOnboardedAccount(server.demoUrl, { first: 'Dana', last: 'Leaving' });
    const member = await openPage(browser, PHONE);
    await loginThroughForm(member.page, server.demoUrl, email);
    await expectPath(member.page, '/');

    const admin = await openPage(browser, DESKTOP);
    await openUsers(admin.page);
    await admin.page.getByRole('searchbox', { name: 'Search' }).fill(email);
    const table = admin.page.getByRole('table');
    await table.getByRole('button', { name: 'Deactivate Dana Leaving' }).click();
    const confirm = admin.page.getByRole('dialog', { name: 'Deactivate Dana Leaving?' });
    await confirm.getByRole('button', { name: 'Deactivate' }).click();
    await expectVisible(table.getByText('Deactivated'), 'the deactivated status');

    // The member's open tab keeps its token, but the server no longer knows it: the next load signs them out.
    allowProblems(member.page, /^GET \/api\/(me|projects\?type=all) 401 /, /^POST \/api\/login 403 /);
    await member.page.reload();
    await expectPath(member.page, /^\/login/);
    await member.page.getByLabel('Email').fill(email);
    await member.page.getByLabel('Password', { exact: true }).fill('rally-demo');
    await member.page.getByRole('button', { name: 'Log in' }).click();
    await expectVisible(
      member.page.getByText("This account has been deactivated. Contact your program's admins."),
      'the deactivated login message',
    );
    expect(admin.errors).toEqual([]);
    await Promise.all([admin.context.close(), member.context.close()]);
  });
});

describe('/admin/general contracts', () => {
  it('publishes a new contract version and a member is forced to /contract', async () => {
    const { email } = await createOnboardedAccount(server.demoUrl, { first: 'Carla', last: 'Terms' });
    const member = await openPage(browser, PHONE);
    await loginThroughForm(member.page, server.demoUrl, email);
    await expectPath(member.page, '/');

    const admin = await openPage(browser, DESKTOP);
    await loginThroughForm(admin.page, server.demoUrl, 'admin@demo.test');
    await admin.page.goto(`${server.demoUrl}/admin/general`);
    await expectVisible(admin.page.getByText(/members accepted this version/), 'the acceptance count');
    await admin.page.getByLabel('Title', { exact: true }).fill('Community terms 2027');
    await admin.page.getByLabel('Text', { exact: true }).fill('# Terms\n\nBe **kind** to each other.');
    await admin.page.getByRole('button', { name: 'Publish new version' }).click();
    const confirm = admin.page.getByRole('dialog', { name: 'Publish a new contract version?' });
    await confirm.getByRole('button', { name: 'Publish new version' }).click();

    await member.page.goto(`${server.demoUrl}/projects`);
    await expectPath(member.page, '/contract?forced=true');
    await expectVisible(
      member.page.getByRole('heading', { name: 'Community terms 2027' }),
      'the new contract',
    );
    // The member reads the terms rendered from Markdown, not their source.
    await expectVisible(
      member.page.getByRole('heading', { name: 'Terms', exact: true }),
      'the rendered heading',
    );
    await expectVisible(member.page.locator('strong', { hasText: 'kind' }), 'the rendered emphasis');
    await expect.poll(() => member.page.getByText('**kind**').count()).toBe(0);
    expect(member.errors).toEqual([]);
    await Promise.all([admin.context.close(), member.context.close()]);
  });
});

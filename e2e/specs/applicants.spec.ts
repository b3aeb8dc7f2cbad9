import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiLogin, callApi, uniqueEmail, waitForMailLink } from '../fixtures/api.ts';
import { expectPath, expectVisible, pageHeading, pathOf } from '../fixtures/app.ts';
import { DESKTOP, launchBrowser, loginThroughForm, openPage, PASSWORD, PHONE } from '../fixtures/browser.ts';
import { type RunningServer, startServer } from '../fixtures/server.ts';

// Issue 14: a visitor applies through a public form, verifies the email, waits; an admin approves; the new member
// passes the onboarding gate and sees Projects.
let server: RunningServer;
let browser: Browser;
let formId: string;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  const { token } = await apiLogin(server.demoUrl, 'admin@demo.test');
  const teams = await callApi<{ teams: { id: string; name: string }[] }>(server.demoUrl, '/api/admin/teams', {
    token,
  });
  const marketing = teams.body.teams.find((team) => team.name === 'Marketing');
  const created = await callApi<{ application: { id: string } }>(server.demoUrl, '/api/admin/applications', {
    method: 'POST',
    token,
    body: {
      title: 'Creators Club',
      description: 'Make things with us.',
      team_ids: marketing ? [marketing.id] : [],
      questions: [
        { id: 'why', type: 'long_text', label: 'Why do you want to join?', required: true },
        {
          id: 'where',
          type: 'single_choice',
          label: 'Where do you post?',
          required: true,
          options: ['Instagram', 'TikTok'],
        },
        { id: 'ok', type: 'consent', label: 'I agree to the programme rules', required: true },
      ],
    },
  });
  if (created.status !== 201) throw new Error(`creating the form answered ${created.status}`);
  formId = created.body.application.id;
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('applying to join', () => {
  it('takes a visitor from the public form to member, through review and onboarding', async () => {
    const email = uniqueEmail('applicant');
    const visitor = await openPage(browser, PHONE);
    const page = visitor.page;
    await page.goto(`${server.demoUrl}/apply/${formId}`);
    await expectVisible(pageHeading(page, 'Creators Club'), 'the form title');
    // A missing answer is named and nothing is sent.
    await page.getByRole('button', { name: 'Send application' }).click();
    await expectVisible(
      page.getByText('Why do you want to join? is required'),
      'the required answer message',
    );
    await page.getByLabel('First name').fill('Cleo');
    await page.getByLabel('Last name').fill('Creator');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Why do you want to join?').fill('I make videos about the brand every week.');
    await page.getByRole('radio', { name: 'TikTok' }).check();
    await page.getByRole('checkbox', { name: 'I agree to the programme rules' }).check();
    await page.getByRole('button', { name: 'Send application' }).click();
    await expectPath(page, /^\/applicants\/[0-9a-f-]{36}$/);
    const applicantPath = pathOf(page);
    await expectVisible(page.getByText('Pending review'), 'the pending status');

    // Verifying from the mailbox brings the applicant back to their page (SPEC 4: applicants stay there).
    const link = await waitForMailLink(server.demoUrl, email, '/verify');
    await page.goto(link);
    await expectVisible(page.getByText('Your email address is confirmed.'), 'the confirmation');
    await page.getByRole('link', { name: 'Continue' }).click();
    await expectPath(page, applicantPath);
    await page.goto(`${server.demoUrl}/projects`);
    await expectPath(page, applicantPath);

    // Applying twice with the same email points to logging in.
    const again = await callApi(server.demoUrl, `/api/applications/${formId}/applicants`, {
      method: 'POST',
      body: {
        email,
        password: PASSWORD,
        first_name: 'Cleo',
        last_name: 'Creator',
        answers: { why: 'x', where: 'TikTok', ok: true },
      },
    });
    expect(again.status).toBe(409);

    // An admin finds the application in the queue and approves it.
    const reviewer = await openPage(browser, DESKTOP);
    await loginThroughForm(reviewer.page, server.demoUrl, 'admin@demo.test');
    await reviewer.page.goto(`${server.demoUrl}/admin/applicants`);
    await reviewer.page.getByLabel('Search by name or email').fill(email);
    await reviewer.page.getByRole('button', { name: /Cleo Creator/ }).click();
    await expectVisible(reviewer.page.getByText('I make videos about the brand every week.'), 'the answer');
    await reviewer.page.getByRole('button', { name: 'Approve', exact: true }).click();
    await reviewer.page
      .getByRole('dialog', { name: 'Approve this applicant?' })
      .getByRole('button', { name: 'Approve' })
      .click();
    await expectVisible(reviewer.page.getByText('No applicants here'), 'the emptied pending queue');
    expect(reviewer.errors).toEqual([]);
    await reviewer.context.close();

    // The member passes the normal onboarding gate and sees Projects.
    await page.reload();
    await expectPath(page, '/overview');
    await page.getByRole('link', { name: 'Get started' }).click();
    await expectPath(page, '/contract');
    await page.getByRole('button', { name: 'I agree' }).click();
    await expectPath(page, '/onboarding');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expectPath(page, '/');
    await page.goto(`${server.demoUrl}/projects`);
    await expectVisible(pageHeading(page, 'Projects'), 'the Projects page');
    expect(visitor.errors).toEqual([]);
    await visitor.context.close();
  });
});

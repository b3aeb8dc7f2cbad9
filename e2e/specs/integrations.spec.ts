import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiLogin, callApi } from '../fixtures/api.ts';
import { expectHidden, expectVisible } from '../fixtures/app.ts';
import { DESKTOP, launchBrowser, loginThroughForm, openPage } from '../fixtures/browser.ts';
import { type RunningServer, startServer } from '../fixtures/server.ts';

// The admin's Integrations tab (issue 24) in Chromium: an API key made there reads the public API until it is
// revoked there; a webhook endpoint added there receives signed deliveries, checked by a receiver stand-in on this
// machine (the server runs with WEBHOOKS_ALLOW_PRIVATE, which lets a demo reach http and loopback addresses); a
// Microsoft Teams channel connected there is posted cards for a test and a new project, by the same stand-in.
let server: RunningServer;
let browser: Browser;
let receiver: Server;
const received: { path: string; headers: IncomingHttpHeaders; body: string }[] = [];

beforeAll(async () => {
  receiver = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => {
      body += chunk;
    });
    req.on('end', () => {
      received.push({ path: req.url ?? '', headers: req.headers, body });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  [server, browser] = await Promise.all([startServer({ WEBHOOKS_ALLOW_PRIVATE: '1' }), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await new Promise((resolve) => receiver?.close(resolve));
});

/** Standard Webhooks: base64 HMAC-SHA256 of "id.timestamp.body" with the secret's bytes (after whsec_). */
function signatureOf(secret: string, id: string, timestamp: string, body: string): string {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  return `v1,${createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64')}`;
}

describe('integrations', () => {
  it('an admin creates an API key, a system reads members with it, and revoking it shuts the system out', async () => {
    const { context, page, errors } = await openPage(browser, DESKTOP);
    await loginThroughForm(page, server.demoUrl, 'admin@demo.test');
    await page.goto(`${server.demoUrl}/admin/integrations`);
    const section = page.getByRole('heading', { name: 'API keys' });
    await expectVisible(section, 'the API keys section');
    await page.getByLabel('Key name').fill('HR sync');
    await page.getByRole('radio', { name: /Read only/ }).click();
    await page.getByRole('button', { name: 'Create key' }).click();
    const shown = page.getByTestId('new-api-key');
    await expectVisible(shown, 'the new key, shown once');
    const token = (await shown.textContent())?.trim() ?? '';
    expect(token).toMatch(/^rally_/);

    const members = await callApi<{ members: { email: string }[] }>(
      server.demoUrl,
      '/api/v1/members?limit=100',
      {
        token,
      },
    );
    expect(members.status).toBe(200);
    expect(members.body.members.map((m) => m.email)).toContain('member@demo.test');

    await page.getByRole('button', { name: 'Done' }).click();
    await expectHidden(shown, 'the key after Done');
    const keys = page.getByRole('list', { name: 'Keys' });
    await expectVisible(keys.getByText('HR sync'), 'the key in the list');

    await page.getByRole('button', { name: 'Revoke HR sync' }).click();
    const dialog = page.getByRole('dialog', { name: 'Revoke “HR sync”?' });
    await dialog.getByRole('button', { name: 'Revoke' }).click();
    await expectVisible(keys.getByText('Revoked'), 'the key marked revoked');
    await expectVisible(keys.getByText(/Last used/), 'its last use');
    expect((await callApi(server.demoUrl, '/api/v1/members', { token })).status).toBe(401);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('an admin adds a webhook endpoint; its test delivery arrives signed with the secret shown once, and the log says so', async () => {
    const { context, page, errors } = await openPage(browser, DESKTOP);
    await loginThroughForm(page, server.demoUrl, 'admin@demo.test');
    await page.goto(`${server.demoUrl}/admin/integrations`);
    await page.getByRole('button', { name: 'Add endpoint' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a webhook endpoint' });
    const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks/rally`;
    await dialog.getByLabel('Endpoint URL').fill(url);
    await dialog.getByLabel('Description').fill('CRM');
    await dialog.getByRole('button', { name: 'Add endpoint' }).click();
    const shown = page.getByTestId('webhook-secret');
    await expectVisible(shown, 'the signing secret, shown once');
    const secret = (await shown.textContent())?.trim() ?? '';
    expect(secret).toMatch(/^whsec_/);

    await page.getByRole('button', { name: 'Send test' }).click();
    await expect.poll(() => received.length, { timeout: 20_000 }).toBeGreaterThan(0);
    const [delivery] = received;
    const id = String(delivery!.headers['webhook-id']);
    const timestamp = String(delivery!.headers['webhook-timestamp']);
    expect(String(delivery!.headers['webhook-signature']).split(' ')).toContain(
      signatureOf(secret, id, timestamp, delivery!.body),
    );
    expect(JSON.parse(delivery!.body)).toMatchObject({ type: 'webhook.test' });

    await page.getByRole('button', { name: 'Delivery log' }).click();
    const log = page.getByRole('dialog', { name: 'Deliveries' });
    await expectVisible(log.getByText('webhook.test'), 'the test in the delivery log');
    await expectVisible(log.getByText('Delivered'), 'its delivery');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('an admin connects a Teams channel; a new project and a test message arrive there as cards linking into the app', async () => {
    const { context, page, errors } = await openPage(browser, DESKTOP);
    await loginThroughForm(page, server.demoUrl, 'admin@demo.test');
    await page.goto(`${server.demoUrl}/admin/integrations`);
    await page.getByRole('button', { name: 'Connect a channel' }).click();
    const dialog = page.getByRole('dialog', { name: 'Connect a channel' });
    await dialog.getByRole('radio', { name: /Microsoft Teams/ }).click();
    const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/workflows/teams-general-0123456789`;
    await dialog.getByLabel('Incoming webhook URL').fill(url);
    await dialog.getByLabel('Channel name').fill('#general');
    await dialog.getByRole('button', { name: 'Connect a channel' }).click();
    await expectVisible(page.getByText('Channel connected'), 'the connected notice');
    const channels = page.getByRole('list', { name: 'Channels' });
    await expectVisible(channels.getByText('#general'), 'the channel in the list');
    // Its address is a credential: shown masked only.
    expect(await channels.textContent()).not.toContain('teams-general-0123456789');

    // What the channel was posted (the endpoint of the test before hears of the project too, at its own path).
    const toChannel = () => received.filter((r) => r.path === new URL(url).pathname);
    const card = (body: string) => JSON.parse(body).attachments[0].content;
    await channels.getByRole('button', { name: 'Send test' }).click();
    await expect.poll(() => toChannel().length, { timeout: 20_000 }).toBe(1);
    expect(card(toChannel()[0]!.body).body[0].text).toBe(
      'Demo is connected: its notifications will be posted in this channel.',
    );

    const { token } = await apiLogin(server.demoUrl, 'admin@demo.test');
    const project = await callApi<{ project: { id: string } }>(server.demoUrl, '/api/admin/projects', {
      method: 'POST',
      token,
      body: { name: 'Autumn Drive', description: 'Share our autumn range.' },
    });
    expect(project.status).toBe(201);
    await expect.poll(() => toChannel().length, { timeout: 20_000 }).toBe(2);
    const posted = card(toChannel()[1]!.body);
    expect(posted.body.map((block: { text: string }) => block.text)).toEqual([
      'New project: Autumn Drive',
      'Share our autumn range.',
    ]);
    expect(posted.actions[0].url).toBe(`${server.demoUrl}/projects/${project.body.project.id}`);

    await channels.getByRole('button', { name: 'Delivery log' }).click();
    const log = page.getByRole('dialog', { name: 'Deliveries' });
    await expectVisible(log.getByText('project.created'), 'the project in the delivery log');
    expect(errors).toEqual([]);
    await context.close();
  });
});

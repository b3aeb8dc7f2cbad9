import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiLogin, callApi } from '../fixtures/api.ts';
import { expectHidden, expectPath, expectVisible } from '../fixtures/app.ts';
import {
  allowProblems,
  DESKTOP,
  launchBrowser,
  loginThroughForm,
  openPage,
  PHONE,
} from '../fixtures/browser.ts';
import { type RunningServer, startServer } from '../fixtures/server.ts';

// Chat (issue 12): a member opens the first unread message from the header badge and reads the demo's unread
// messages (the badge drops), replies in a thread, writes to Sofia who sees it live in another browser (and her badge
// counts it), reacts, edits and deletes; a blocked phrase is refused by name; the brand team answers, assigns and
// resolves a member's line at /admin/chat; at 360 px the list and a conversation take turns, by keyboard.
let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const unique = () => Math.random().toString(36).slice(2, 7);
const badge = (page: Page) => page.getByTestId('chat-unread');
const chatButton = (page: Page) =>
  page.getByRole('banner').getByRole('link', { name: /^Chat(, \S+ unread messages?)?$/ });
const conversations = (page: Page) => page.getByRole('navigation', { name: 'Conversations' });
const log = (page: Page) => page.getByRole('log').first();

/** The unread count GET /api/chat/seen answers for this person now. */
async function unreadOf(email: string): Promise<number> {
  const { token } = await apiLogin(server.demoUrl, email);
  const seen = await callApi<{ unread: number }>(server.demoUrl, '/api/chat/seen', { token });
  return seen.body.unread;
}

describe('chat', () => {
  it('a member reads from the badge, replies in a thread, and talks live with Sofia', async () => {
    const u = unique();
    const a = await openPage(browser, DESKTOP);
    await loginThroughForm(a.page, server.demoUrl, 'member@demo.test');
    await expect.poll(() => badge(a.page).textContent(), { timeout: 15_000 }).toBe('5');

    // The badge opens the first unread message: the brand team's answer on Maya's line.
    await chatButton(a.page).click();
    await expectPath(a.page, /^\/chat\?.*scroll=/);
    await expectVisible(a.page.getByText('Yes: tag @demostudio'), 'the first unread message');
    await expect.poll(() => badge(a.page).textContent()).toBe('4');

    // The direct message with Sofia: both unread messages are read once shown.
    await conversations(a.page)
      .getByRole('link', { name: /Sofia Martinez/ })
      .click();
    await expectVisible(
      log(a.page).getByText('And coffee on Thursday to plan the next one?'),
      'Sofia’s messages',
    );
    await expect.poll(() => badge(a.page).textContent()).toBe('2');

    // The Marketing thread with new replies; Maya answers in it.
    await conversations(a.page)
      .getByRole('link', { name: /Marketing/ })
      .click();
    await a.page.getByRole('button', { name: /3 replies/ }).click();
    const thread = a.page.getByRole('log', { name: 'Replies' });
    await expectVisible(thread.getByText('I will bring extra flyers.'), 'the thread’s replies');
    await expectHidden(badge(a.page), 'the badge once everything is read');
    await a.page.getByRole('textbox', { name: 'Reply in thread' }).fill(`Great, see you all there ${u}`);
    await a.page.keyboard.press('Enter');
    await expectVisible(thread.getByText(`Great, see you all there ${u}`), 'Maya’s reply in the thread');
    await a.page.getByRole('button', { name: 'Close thread' }).click();

    // Sofia, in another browser, is elsewhere in the app: her badge counts Maya's new message live.
    const b = await openPage(browser, DESKTOP);
    await loginThroughForm(b.page, server.demoUrl, 'sofia.martinez@demo.test');
    const before = await unreadOf('sofia.martinez@demo.test');
    await b.page.waitForLoadState('networkidle').catch(() => undefined);
    await conversations(a.page)
      .getByRole('link', { name: /Sofia Martinez/ })
      .click();
    const composer = a.page.getByRole('textbox', { name: 'Message Sofia Martinez' });
    await composer.fill(`Thursday works ${u}`);
    await composer.press('Enter');
    await expectVisible(log(a.page).getByText(`Thursday works ${u}`), 'Maya’s message');
    await expect.poll(() => badge(b.page).textContent(), { timeout: 15_000 }).toBe(String(before + 1));

    // Sofia opens the conversation; Maya's next message arrives there without a reload.
    await b.page.goto(`${server.demoUrl}/chat`);
    await conversations(b.page)
      .getByRole('link', { name: /Maya Member/ })
      .click();
    await expectVisible(log(b.page).getByText(`Thursday works ${u}`), 'the message in Sofia’s conversation');
    await composer.fill(`Bring the deck too ${u}`);
    await composer.press('Enter');
    await expectVisible(log(b.page).getByText(`Bring the deck too ${u}`), 'the message arriving live');
    expect(await log(b.page).getByText(`Bring the deck too ${u}`).count()).toBe(1);

    // Maya reacts to Sofia's message, then edits and deletes her own.
    const sofias = log(a.page).getByRole('article', { name: 'Message from Sofia Martinez' }).last();
    await sofias.getByRole('button', { name: 'Add a reaction' }).click();
    await a.page.getByRole('menuitem', { name: 'Thumbs up' }).click();
    await expectVisible(
      sofias.getByRole('button', { name: 'Thumbs up: 1 reaction', pressed: true }),
      'the reaction',
    );

    // The message element carries its id (id="message-{id}"): it stays found while its text changes.
    const mineId = await log(a.page)
      .getByRole('article')
      .filter({ hasText: `Bring the deck too ${u}` })
      .getAttribute('id');
    const mine = a.page.locator(`[id="${mineId}"]`);
    await mine.getByRole('button', { name: /Actions for the message/ }).click();
    await a.page.getByRole('menuitem', { name: 'Edit' }).click();
    const edit = mine.getByRole('textbox', { name: 'Edit your message' });
    await edit.fill(`Bring the slides too ${u}`);
    await edit.press('Enter');
    await expectVisible(mine.getByText('(edited)'), 'the edited mark');
    await expectVisible(log(b.page).getByText(`Bring the slides too ${u}`), 'the edit reaching Sofia live');

    await mine.getByRole('button', { name: /Actions for the message/ }).click();
    await a.page.getByRole('menuitem', { name: 'Delete' }).click();
    await a.page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await expectHidden(log(a.page).getByText(`Bring the slides too ${u}`), 'the deleted text');
    await expectVisible(log(a.page).getByText('Message deleted'), 'the deleted mark');
    await expectHidden(log(b.page).getByText(`Bring the slides too ${u}`), 'the deletion reaching Sofia');

    // A blocked phrase is refused, naming it.
    allowProblems(a.page, /^POST \/api\/chat\/conversations\/[\w-]+\/messages 400 /);
    await composer.fill('Guaranteed returns, no scam');
    await composer.press('Enter');
    await expectVisible(
      a.page.getByRole('alert').filter({ hasText: /contains "(scam|guaranteed returns)"/i }),
      'the refusal',
    );

    expect(a.errors).toEqual([]);
    expect(b.errors).toEqual([]);
    await a.context.close();
    await b.context.close();
  });

  // It failed twice in CI (once in this stop's aborted run) at the answer's wait while passing every run alone and
  // beside two other specs: the wait is 45 s, within a test of 120 s.
  it('the brand team answers a member’s line, assigns it and resolves it', { timeout: 120_000 }, async () => {
    const u = unique();
    const { context, page, errors } = await openPage(browser, DESKTOP);
    await loginThroughForm(page, server.demoUrl, 'admin@demo.test');
    await page.goto(`${server.demoUrl}/admin/chat`);
    const inbox = page.getByRole('navigation', { name: 'Inbox' });
    await inbox.getByRole('link', { name: /Marcus Chen/ }).click();
    // In the conversation, not the inbox row's preview of it: the conversation's messages have loaded (a loaded CI
    // box may take a while), so what is sent next shows at once from the outbox.
    await expectVisible(
      log(page).getByText('Can I share the new pricing page with customers already?'),
      'Marcus’s question in the conversation',
      45_000,
    );

    const reply = page.getByRole('textbox', { name: 'Reply to Marcus Chen' });
    await page.getByRole('button', { name: 'Insert a canned reply' }).click();
    await page.getByRole('menuitem', { name: /Not yet public/ }).click();
    await expect.poll(() => reply.inputValue()).toMatch(/^Thanks for asking first!/);
    await expectHidden(page.getByRole('menu'), 'the canned replies once one is chosen');
    await reply.fill(`Not yet: we announce it on Monday ${u}`);
    await reply.press('Enter');
    // Sent: the composer empties at once.
    await expect.poll(() => reply.inputValue()).toBe('');
    // Shown at once from the outbox, then from the conversation's pages; a loaded CI box may take longer.
    await expectVisible(log(page).getByText(`Not yet: we announce it on Monday ${u}`), 'the answer', 45_000);

    await page.getByRole('button', { name: /Assigned to/ }).click();
    await page.getByRole('option', { name: 'Lee Lead' }).click();
    await expect
      .poll(() => page.getByRole('button', { name: /Assigned to/ }).textContent())
      .toContain('Lee Lead');
    await page.getByRole('button', { name: 'Resolve' }).click();
    await expectVisible(page.getByRole('button', { name: 'Reopen' }), 'the resolved line');

    // Marcus has the answer waiting.
    const { token } = await apiLogin(server.demoUrl, 'marcus.chen@demo.test');
    const seen = await callApi<{ unread: number }>(server.demoUrl, '/api/chat/seen', { token });
    expect(seen.body.unread).toBeGreaterThan(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('Sofia replies in a thread, and Maya opens it from /chat?thread=…&scroll=…', async () => {
    const u = unique();
    const b = await openPage(browser, DESKTOP);
    await loginThroughForm(b.page, server.demoUrl, 'sofia.martinez@demo.test');
    await b.page.goto(`${server.demoUrl}/chat`);
    await conversations(b.page)
      .getByRole('link', { name: /Maya Member/ })
      .click();
    const parent = log(b.page).getByRole('article').first();
    await expectVisible(parent, 'a message of the conversation');
    const parentId = (await parent.getAttribute('id'))?.replace(/^message-/, '');
    await parent.getByRole('button', { name: /Actions for the message/ }).click();
    await b.page.getByRole('menuitem', { name: 'Reply in thread' }).click();
    await b.page.getByRole('textbox', { name: 'Reply in thread' }).fill(`Count me in ${u}`);
    await b.page.keyboard.press('Enter');
    const bThread = b.page.getByRole('log', { name: 'Replies' });
    const reply = bThread.getByRole('article').filter({ hasText: `Count me in ${u}` });
    await expectVisible(reply, 'Sofia’s reply in the thread');
    // The sent reply carries its stored id once the server has it (the optimistic one has none).
    await expect.poll(async () => (await reply.getAttribute('id')) ?? '').toMatch(/^message-[0-9a-f-]{36}$/);
    const replyId = (await reply.getAttribute('id'))!.replace(/^message-/, '');
    expect(parentId).toMatch(/^[0-9a-f-]{36}$/);
    await b.context.close();

    const a = await openPage(browser, DESKTOP);
    await loginThroughForm(a.page, server.demoUrl, 'member@demo.test');
    await a.page.goto(`${server.demoUrl}/chat?thread=${parentId}&scroll=${replyId}`);
    const thread = a.page.getByRole('log', { name: 'Replies' });
    const target = thread.locator(`[id="message-${replyId}"]`);
    await expectVisible(target, 'the reply the link names, in the open thread');
    await expect.poll(() => target.textContent()).toContain(`Count me in ${u}`);
    await expect.poll(() => target.isVisible()).toBe(true);
    expect(
      await target.evaluate((el) => {
        const box = el.getBoundingClientRect();
        return box.top >= 0 && box.bottom <= window.innerHeight;
      }),
      'scrolled into view',
    ).toBe(true);
    expect(a.errors).toEqual([]);
    await a.context.close();
  });

  it('at 360 px shows the list and a conversation one at a time, by keyboard', async () => {
    const { context, page, errors } = await openPage(browser, PHONE);
    await loginThroughForm(page, server.demoUrl, 'member@demo.test');
    await page.goto(`${server.demoUrl}/chat`);
    const link = conversations(page).getByRole('link', { name: /Sofia Martinez/ });
    await expectVisible(link, 'the conversation list');
    await link.focus();
    await page.keyboard.press('Enter');
    const heading = page.getByRole('heading', { name: 'Sofia Martinez', level: 2 });
    await expectVisible(heading, 'the conversation');
    await expect.poll(() => heading.evaluate((el) => el === document.activeElement)).toBe(true);
    await expectHidden(conversations(page), 'the list while the conversation is open');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    await page.getByRole('button', { name: 'Back to conversations' }).focus();
    await page.keyboard.press('Enter');
    await expectVisible(conversations(page), 'the list again');
    await expectHidden(heading, 'the conversation once back');
    await expect.poll(() => link.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });
});

import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, createOnboardedAccount } from '../fixtures/api.ts';
import { expectHidden, expectVisible } from '../fixtures/app.ts';
import { DESKTOP, launchBrowser, loginThroughForm, openPage, PHONE } from '../fixtures/browser.ts';
import { type RunningServer, startServer } from '../fixtures/server.ts';

// Community feed (issue 4): two members post, mention, react and comment; one follows the other and sees
// their post in the Following feed; the author deletes a post after confirming.
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

describe('community feed', () => {
  it('two members post, mention, react and comment; following shows the followed member’s post', async () => {
    const u = unique();
    const ivy = await createOnboardedAccount(server.demoUrl, { first: `Ivy${u}`, last: 'Poster' });
    const bo = await createOnboardedAccount(server.demoUrl, { first: `Bo${u}`, last: 'Reader' });
    const ivyName = `Ivy${u} Poster`;
    const boName = `Bo${u} Reader`;

    // Ivy writes a post on a desktop, mentioning Bo through the suggestions.
    const a = await openPage(browser, DESKTOP);
    await loginThroughForm(a.page, server.demoUrl, ivy.email);
    await a.page.goto(`${server.demoUrl}/community/feed`);
    const composer = a.page.getByRole('textbox', { name: 'Write a post' });
    await expectVisible(composer, 'the post composer');
    await composer.click();
    await composer.pressSequentially(`First day here #e2e${u} thanks @Bo${u}`);
    await a.page.getByRole('option', { name: boName }).click();
    await expect.poll(() => composer.inputValue()).toBe(`First day here #e2e${u} thanks @${boName} `);
    await a.page.getByRole('button', { name: 'Post', exact: true }).click();
    const ivyPost = a.page.getByRole('article', { name: `Post by ${ivyName}` });
    await expectVisible(ivyPost, 'Ivy’s new post in the feed');
    await expectVisible(ivyPost.getByRole('link', { name: `@${boName}` }), 'the mention linking to Bo');
    await expectVisible(ivyPost.getByText(`#e2e${u}`), 'the hashtag');
    // The composer empties once the post is confirmed; the feed's refresh may draw the post a frame earlier.
    await expect.poll(() => composer.inputValue()).toBe('');

    // Bo, on a phone, likes the post and comments.
    const b = await openPage(browser, PHONE);
    await loginThroughForm(b.page, server.demoUrl, bo.email);
    await b.page.goto(`${server.demoUrl}/community/feed`);
    const seen = b.page.getByRole('article', { name: `Post by ${ivyName}` });
    await expectVisible(seen, 'Ivy’s post in Bo’s feed');
    await seen.getByRole('button', { name: 'Like', exact: true }).click();
    await expectVisible(seen.getByText('1 reaction'), 'the reaction count');
    await seen.getByRole('button', { name: 'Comment', exact: true }).click();
    const commentBox = seen.getByRole('textbox', { name: 'Write a comment' });
    await commentBox.fill('Welcome aboard!');
    await seen.getByRole('button', { name: 'Send comment' }).click();
    await expectVisible(seen.getByRole('listitem').filter({ hasText: 'Welcome aboard!' }), 'Bo’s comment');
    await expectVisible(seen.getByRole('button', { name: '1 comment' }), 'the comment count');

    // Ivy sees both on her post after a reload, and reacts to it herself through the picker.
    await a.page.reload();
    await expectVisible(ivyPost.getByText('1 reaction'), 'the reaction on Ivy’s post');
    await ivyPost.getByRole('button', { name: '1 comment' }).click();
    await expectVisible(ivyPost.getByText('Welcome aboard!'), 'Bo’s comment on Ivy’s post');
    await ivyPost.getByRole('button', { name: 'Choose a reaction' }).click();
    await a.page.getByRole('button', { name: 'Celebrate' }).click();
    await expectVisible(
      ivyPost.getByRole('button', { name: 'Celebrate', pressed: true }),
      'Ivy’s own reaction',
    );

    // Bo follows Ivy (through the API, as the profile page owns the button) and sees her post under Following.
    const followed = await callApi(server.demoUrl, `/api/users/${ivy.user.id}/follow`, {
      method: 'POST',
      token: bo.token,
    });
    expect(followed.status, JSON.stringify(followed.body)).toBeLessThan(300);
    await b.page.goto(`${server.demoUrl}/community/following`);
    await expectVisible(
      b.page.getByRole('article', { name: `Post by ${ivyName}` }),
      'Ivy’s post under Following',
    );
    expect(await b.page.getByRole('article', { name: /Post by Alex Admin/ }).count()).toBe(0);

    // Ivy deletes a second post after confirming.
    await composer.fill(`A typo post ${u}`);
    await a.page.getByRole('button', { name: 'Post', exact: true }).click();
    const typo = a.page.getByRole('article').filter({ hasText: `A typo post ${u}` });
    await expectVisible(typo, 'the second post');
    await typo.getByRole('button', { name: `Actions for the post by ${ivyName}` }).click();
    await a.page.getByRole('menuitem', { name: 'Delete' }).click();
    await a.page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await expectHidden(typo, 'the deleted post');

    expect(a.errors).toEqual([]);
    expect(b.errors).toEqual([]);
    await a.context.close();
    await b.context.close();
  });
});

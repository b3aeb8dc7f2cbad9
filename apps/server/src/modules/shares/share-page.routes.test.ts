import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clients, shareClicks, shares } from '../../db/schema/index.ts';
import { ACME_HOST, buildTestApp, DEMO_HOST, type TestApp } from '../../test/build-test-app.ts';
import {
  clientIds,
  createActivity,
  createCreative,
  createProject,
  createShare,
  createUser,
  nextAddress,
} from '../../test/factories.ts';

let t: TestApp;
let ids: { demo: string; acme: string };
beforeAll(async () => {
  t = await buildTestApp();
  ids = await clientIds(t.ctx.db);
});
afterAll(() => t.close());

const BROWSER =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15';
const PHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

/** A share of a social post of a fresh Demo project, by a fresh member (or of `clientId`). */
async function sharePost(
  input: { text?: string; creativeIds?: string[]; title?: string; clientId?: string } = {},
  user: Partial<Parameters<typeof createUser>[1]> = {},
) {
  const clientId = input.clientId ?? ids.demo;
  const sharer = await createUser(t.ctx.db, { clientId, firstName: 'Dana', lastName: 'Lee', ...user });
  const project = await createProject(t.ctx.db, { clientId });
  const activity = await createActivity(t.ctx.db, {
    clientId,
    projectId: project.id,
    type: 'social_post',
    title: input.title ?? 'Our spring launch',
    config: { type: 'social_post', template_id: null, creative_ids: input.creativeIds ?? [], channels: [] },
  });
  const share = await createShare(t.ctx.db, {
    clientId,
    userId: sharer.id,
    activityId: activity.id,
    text: input.text ?? 'We just launched! #spring',
  });
  return { sharer, project, activity, share };
}

const visit = (
  id: string,
  opts: { ua?: string | null; address?: string; host?: string; method?: 'GET' | 'HEAD' } = {},
) =>
  t.app.inject({
    method: opts.method ?? 'GET',
    url: `/p/${id}`,
    remoteAddress: opts.address ?? '203.0.113.10',
    headers: {
      host: opts.host ?? DEMO_HOST,
      // Empty for none: app.inject would otherwise send its own user agent.
      'user-agent': opts.ua === null ? '' : (opts.ua ?? BROWSER),
    },
  });
const clicksOf = async (shareId: string) => {
  const [row] = await t.ctx.db.select({ clicks: shares.clicks }).from(shares).where(eq(shares.id, shareId));
  const [visitors] = await t.ctx.db
    .select({ n: count() })
    .from(shareClicks)
    .where(eq(shareClicks.shareId, shareId));
  return { clicks: row!.clicks, visitors: visitors!.n };
};
/** The content of a meta tag by its property or name, HTML-decoded of nothing (as served). */
const metaOf = (html: string, key: string) =>
  new RegExp(`<meta (?:property|name)="${key.replace('.', '\\.')}" content="([^"]*)">`).exec(html)?.[1];

describe('GET /p/{id}', () => {
  it("answers a 404 page in the client's brand for an unknown or malformed id, and counts nothing", async () => {
    const { share } = await sharePost();
    for (const id of ['0190a0a0-0000-7000-8000-000000000000', 'abc', `${share.id}x`, "1' or '1'='1"]) {
      const res = await visit(encodeURIComponent(id));
      expect(res.statusCode, id).toBe(404);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.body).toContain('<h1>This link is no longer available</h1>');
      expect(res.body).toContain('<title>This link is no longer available · Demo</title>');
      // Like the share page: the client's name, favicon and colour, and the way into its app on its own domain.
      expect(res.body).toMatch(
        /<header>(<img class="logo" src="[^"]+" alt="" width="40" height="40">)?<strong>Demo<\/strong><\/header>/,
      );
      expect(res.body).toContain(`<link rel="icon" href="/api/favicon/${ids.demo}">`);
      expect(res.body).toContain('background:#007E97');
      expect(res.body).toContain('<a class="cta" href="http://localhost:3000/">Open Demo</a>');
    }
    expect(await clicksOf(share.id)).toEqual({ clicks: 0, visitors: 0 });
  });

  it("answers 404 on this host for another client's share, which its own host serves and counts", async () => {
    const { share } = await sharePost({ clientId: ids.acme, text: 'Acme rocks' });
    const res = await visit(share.id);
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.body).not.toContain('Acme rocks');
    expect(await clicksOf(share.id)).toEqual({ clicks: 0, visitors: 0 });

    const own = await visit(share.id, { host: ACME_HOST });
    expect(own.statusCode).toBe(200);
    expect(own.body).toContain('Acme rocks');
    expect(metaOf(own.body, 'og:url')).toBe(`http://127.0.0.1:3000/p/${share.id}`);
    expect(await clicksOf(share.id)).toEqual({ clicks: 1, visitors: 1 });
  });

  it('escapes the client name on the 404 page', async () => {
    await t.ctx.db.update(clients).set({ name: 'Demo <b>&</b>' }).where(eq(clients.id, ids.demo));
    t.app.invalidateTenants();
    try {
      const res = await visit('0190a0a0-0000-7000-8000-000000000000');
      expect(res.statusCode).toBe(404);
      expect(res.body).toContain('This link is no longer available · Demo &lt;b&gt;&amp;&lt;/b&gt;');
      expect(res.body).not.toContain('<b>');
    } finally {
      await t.ctx.db.update(clients).set({ name: 'Demo' }).where(eq(clients.id, ids.demo));
      t.app.invalidateTenants();
    }
  });

  it('answers the post as HTML with Open Graph and Twitter card tags and the first image creative', async () => {
    const video = await createCreative(t.ctx.db, {
      clientId: ids.demo,
      kind: 'video',
      url: '/api/files/clip.mp4',
    });
    const image = await createCreative(t.ctx.db, { clientId: ids.demo });
    const second = await createCreative(t.ctx.db, { clientId: ids.demo });
    const { share, project } = await sharePost({
      title: 'Spring "launch" & more',
      text: 'We just launched! #spring #Rally_2025 — see a#b',
      creativeIds: [video.id, image.id, second.id],
    });
    const res = await visit(share.id);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-store');
    const html = res.body;
    expect(html.startsWith('<!doctype html>')).toBe(true);
    expect(metaOf(html, 'og:title')).toBe('Spring &quot;launch&quot; &amp; more');
    expect(metaOf(html, 'og:description')).toBe('We just launched! #spring #Rally_2025 — see a#b');
    expect(metaOf(html, 'og:type')).toBe('article');
    expect(metaOf(html, 'og:site_name')).toBe('Demo');
    expect(metaOf(html, 'og:url')).toBe(`http://localhost:3000/p/${share.id}`);
    expect(metaOf(html, 'og:image')).toBe(`http://localhost:3000${image.url}`);
    expect(metaOf(html, 'twitter:card')).toBe('summary_large_image');
    expect(metaOf(html, 'twitter:title')).toBe('Spring &quot;launch&quot; &amp; more');
    expect(metaOf(html, 'twitter:description')).toBe('We just launched! #spring #Rally_2025 — see a#b');
    expect(metaOf(html, 'twitter:image')).toBe(`http://localhost:3000${image.url}`);
    expect(html).toContain(`<img src="${image.url}" alt="">`);
    expect(html).not.toContain(second.url);
    expect(html).not.toContain('<video');
    expect(html).toContain(
      '<p class="text">We just launched! <span class="tag">#spring</span> <span class="tag">#Rally_2025</span> — see a#b</p>',
    );
    expect(html).toContain('Shared by Dana Lee');
    // No destination: an invitation to join the client (Demo is open), on its own domain, not the login page.
    expect(html).toContain('<a class="cta" href="http://localhost:3000/create">Join Demo</a>');
    expect(html).not.toContain(`/projects/${project.id}`);
    expect(html).toContain(`<link rel="icon" href="/api/favicon/${ids.demo}">`);
  });

  it('keeps absolute creative URLs, shows a video when there is no image, and uses a summary card without one', async () => {
    const remote = await createCreative(t.ctx.db, {
      clientId: ids.demo,
      url: 'https://cdn.example.com/hero.jpg',
    });
    const withRemote = await sharePost({ creativeIds: [remote.id] });
    const html = (await visit(withRemote.share.id)).body;
    expect(metaOf(html, 'og:image')).toBe('https://cdn.example.com/hero.jpg');

    const video = await createCreative(t.ctx.db, {
      clientId: ids.demo,
      kind: 'video',
      url: '/api/files/clip.mp4',
    });
    const onlyVideo = await sharePost({ creativeIds: [video.id] });
    const videoHtml = (await visit(onlyVideo.share.id)).body;
    expect(videoHtml).toContain('<video controls playsinline src="/api/files/clip.mp4"></video>');
    expect(metaOf(videoHtml, 'og:image')).toBeUndefined();
    expect(metaOf(videoHtml, 'twitter:card')).toBe('summary');

    // A creative of another client is not shown.
    const foreign = await createCreative(t.ctx.db, { clientId: ids.acme, url: '/api/files/acme.webp' });
    const bare = await sharePost({ creativeIds: [foreign.id] });
    const bareHtml = (await visit(bare.share.id)).body;
    expect(metaOf(bareHtml, 'og:image')).toBeUndefined();
    expect(metaOf(bareHtml, 'twitter:card')).toBe('summary');
    expect(bareHtml).not.toContain('acme.webp');
  });

  it('escapes the share text everywhere, so a script in it is only text', async () => {
    const text = `Hello <script>alert("x")</script> & 'bye' <img src=x onerror=alert(1)> #safe`;
    const { share } = await sharePost({ text, title: '<b>Title</b>' });
    const html = (await visit(share.id)).body;
    expect(html).not.toContain('<script');
    expect(html).not.toContain('<img src=x');
    expect(html).not.toContain('<b>Title</b>');
    const escaped =
      'Hello &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;bye&#39; &lt;img src=x onerror=alert(1)&gt; ';
    expect(html).toContain(`<p class="text">${escaped}<span class="tag">#safe</span></p>`);
    expect(metaOf(html, 'og:description')).toBe(`${escaped}#safe`);
    expect(html).toContain('<title>&lt;b&gt;Title&lt;/b&gt; · Demo</title>');
  });

  it('shortens a long text to 200 characters in the description but shows it whole', async () => {
    const text = `${'word '.repeat(60).trim()} end`;
    const { share } = await sharePost({ text });
    const html = (await visit(share.id)).body;
    const description = metaOf(html, 'og:description')!;
    expect(description).toBe(`${text.slice(0, 197)}…`);
    expect(html).toContain(`<p class="text">${text}</p>`);
  });

  it("never shows the sharer's email on the public page", async () => {
    const { share, sharer } = await sharePost({}, { firstName: null, lastName: null });
    const html = (await visit(share.id)).body;
    expect(html).not.toContain(sharer.email!);
    const named = await sharePost({}, { username: 'dana_l', displayUsername: true });
    expect((await visit(named.share.id)).body).toContain('Shared by dana_l');
  });

  it('counts each visitor once: the same address and browser again adds nothing, another browser or address does', async () => {
    const { share } = await sharePost();
    const address = nextAddress();
    expect((await visit(share.id, { address })).statusCode).toBe(200);
    expect(await clicksOf(share.id)).toEqual({ clicks: 1, visitors: 1 });
    expect((await visit(share.id, { address })).statusCode).toBe(200);
    expect(await clicksOf(share.id)).toEqual({ clicks: 1, visitors: 1 });
    await visit(share.id, { address, ua: PHONE });
    expect(await clicksOf(share.id)).toEqual({ clicks: 2, visitors: 2 });
    await visit(share.id, { address: nextAddress() });
    expect(await clicksOf(share.id)).toEqual({ clicks: 3, visitors: 3 });
    // A visit of another share does not count for this one.
    const other = await sharePost();
    await visit(other.share.id, { address: nextAddress() });
    expect(await clicksOf(share.id)).toEqual({ clicks: 3, visitors: 3 });
    expect(await clicksOf(other.share.id)).toEqual({ clicks: 1, visitors: 1 });
  });

  it('counts the same visitor once when the visits arrive together', async () => {
    const { share } = await sharePost();
    const address = nextAddress();
    const results = await Promise.all(Array.from({ length: 5 }, () => visit(share.id, { address })));
    expect(results.every((r) => r.statusCode === 200)).toBe(true);
    expect(await clicksOf(share.id)).toEqual({ clicks: 1, visitors: 1 });
  });

  it('does not count link-preview robots, visits without a browser, or HEAD requests', async () => {
    const { share } = await sharePost();
    const robots = [
      'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)',
      'Twitterbot/1.0',
      'LinkedInBot/1.0 (compatible; Mozilla/5.0; Apache-HttpClient +http://www.linkedin.com)',
      'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)',
      'WhatsApp/2.23.20.0 A',
      'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
      'Pinterest/0.2 (+https://www.pinterest.com/bot.html)',
    ];
    for (const ua of robots) {
      const res = await visit(share.id, { ua, address: nextAddress() });
      expect(res.statusCode, ua).toBe(200);
      // Robots get the preview tags all the same.
      expect(metaOf(res.body, 'og:title'), ua).toBe('Our spring launch');
    }
    await visit(share.id, { ua: null, address: nextAddress() });
    const head = await visit(share.id, { method: 'HEAD', address: nextAddress() });
    expect(head.statusCode).toBe(200);
    expect(await clicksOf(share.id)).toEqual({ clicks: 0, visitors: 0 });
  });

  it('counts people opening the link in the in-app browsers of the social apps', async () => {
    const { share } = await sharePost();
    const inApp = [
      `${PHONE.replace(' Version/17.5', '').replace(' Safari/604.1', '')} [LinkedInApp]/9.29.1`,
      `${PHONE} [FBAN/FBIOS;FBAV/470.0.0.41.103;FBBV/600000000;FBDV/iPhone15,2]`,
      `${PHONE} Instagram 330.0.3.12.235 (iPhone15,2; iOS 17_5; en_US)`,
      `${PHONE} Twitter for iPhone/10.50`,
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36 [Pinterest/Android]',
    ];
    for (const ua of inApp) await visit(share.id, { ua, address: nextAddress() });
    expect(await clicksOf(share.id)).toEqual({ clicks: inApp.length, visitors: inApp.length });
  });
});

import { createHash } from 'node:crypto';
import { runInNewContext } from 'node:vm';
import { type Client, LIST_PAGE_SIZE, PREFETCH_GLOBAL, SESSION_HINT_META } from '@rally/shared';
import { describe, expect, it } from 'vitest';
import { CSP } from '../../plugins/app/security.ts';
import { BOOT_SCRIPT, BOOT_SCRIPT_CSP_SOURCE, renderAppFrame } from './app-frame.ts';
import { modulePreloads } from './web.routes.ts';

const UPLOAD = '/api/files/01a2100c-692e-7286-afb7-f3bd7dd5dbcf.webp';

function client(overrides: Partial<Client> = {}): Client {
  return {
    name: 'Acme <Team>',
    image_url: UPLOAD,
    home_image_url: '/brand/home.svg',
    config: { home_image: { class: null, width: 0, height: 0 } },
    ...overrides,
  } as Client;
}

/** Runs the boot script as a page at `path` would, answering what it fetched and what it left on window. */
function boot(path: string, token: string | null, cookieSession: 'page' | 'me' | null = null) {
  const fetched: { url: string; init: RequestInit }[] = [];
  const window: Record<string, unknown> = {};
  runInNewContext(BOOT_SCRIPT, {
    window,
    location: { pathname: path },
    document: {
      querySelector: (selector: string) =>
        cookieSession && selector === `meta[name="${SESSION_HINT_META}"]` ? { content: cookieSession } : null,
    },
    localStorage: { getItem: (key: string) => (key === 'rally.token' ? token : null) },
    fetch: (url: string, init: RequestInit) => {
      fetched.push({ url, init });
      return Promise.reject(new TypeError('offline'));
    },
    Date,
  });
  return {
    fetched,
    left: window[PREFETCH_GLOBAL] as { token: string | null; responses: Record<string, unknown> },
  };
}

describe('renderAppFrame', () => {
  it("draws the header with the client's escaped name and its logo at header size, with the upload's width copies", () => {
    const html = renderAppFrame(client(), '/projects');
    expect(html).toContain('<p class="line-clamp-2');
    expect(html).toContain('>Acme &lt;Team&gt;</p>');
    expect(html).toContain('alt="Acme &lt;Team&gt;" width="40" height="40"');
    expect(html).toContain(`src="${UPLOAD}"`);
    expect(html).toContain('sizes="40px"');
    expect(html).toContain(UPLOAD.replace('.webp', '-160w.webp 160w'));
    expect(html).toContain('[--shell-width:64rem]');
    expect(html).toContain('animate-spin');
  });

  it('shows the home image, larger, on the home page and uses the wide column in the admin area', () => {
    const home = renderAppFrame(client(), '/');
    expect(home).toContain('src="/brand/home.svg"');
    expect(home).toContain('width="70" height="70"');
    expect(home).not.toContain('srcset');
    const sized = renderAppFrame(
      client({ config: { home_image: { class: null, width: 120, height: 60 } } } as never),
      '/',
    );
    expect(sized).toContain('width="120" height="60"');
    expect(renderAppFrame(client(), '/admin/users')).toContain('[--shell-width:80rem]');
  });

  it("shows the name's first letter when the client has no logo", () => {
    const html = renderAppFrame(client({ image_url: null, home_image_url: null, name: 'zeta' }), '/');
    expect(html).toContain('font-size:32px');
    expect(html).toMatch(/<span aria-hidden="true"[^>]*>Z<\/span>/);
    expect(html).not.toContain('<img');
  });
});

describe('BOOT_SCRIPT', () => {
  it('asks for the session user and the home page data at once, with the stored token', () => {
    const { fetched, left } = boot('/', 'tok');
    expect(fetched.map((f) => f.url)).toEqual(['/api/me', '/api/projects?type=all']);
    expect(fetched[0]?.init.headers).toEqual({ accept: 'application/json', authorization: 'Bearer tok' });
    expect(fetched[0]?.init.credentials).toBe('same-origin');
    expect(left.token).toBe('tok');
    expect(Object.keys(left.responses)).toEqual(['/api/me', '/api/projects?type=all']);
  });

  it('asks only for the user on other pages, and with a session cookie sends no token when none is stored', () => {
    expect(boot('/community/feed', null, 'page').fetched.map((f) => f.url)).toEqual([
      '/api/me',
      `/api/feed?limit=${LIST_PAGE_SIZE}&scope=all`,
    ]);
    const { fetched, left } = boot('/help', null, 'page');
    expect(fetched.map((f) => f.url)).toEqual(['/api/me']);
    expect(fetched[0]?.init.headers).toEqual({ accept: 'application/json' });
    expect(left.token).toBeNull();
  });

  it("asks only for the session when the page's data is not the viewer's (the meta says `me`)", () => {
    expect(boot('/', 'tok', 'me').fetched.map((f) => f.url)).toEqual(['/api/me']);
    expect(boot('/community/feed', null, 'me').fetched.map((f) => f.url)).toEqual(['/api/me']);
  });

  it('asks nothing for a logged-out visitor (no stored token, no session cookie): it would answer 401', () => {
    for (const path of ['/', '/login', '/community/feed']) {
      const { fetched, left } = boot(path, null);
      expect(fetched).toEqual([]);
      expect(left.responses).toEqual({});
    }
  });

  it('turns a failed request into null, so the app asks again itself', async () => {
    const { left } = boot('/', 'tok');
    await expect(left.responses['/api/me']).resolves.toBeNull();
  });

  it('is the one inline script the CSP allows, by its hash', () => {
    const hash = createHash('sha256').update(BOOT_SCRIPT).digest('base64');
    expect(BOOT_SCRIPT_CSP_SOURCE).toBe(`'sha256-${hash}'`);
    expect(CSP).toContain(`script-src 'self' ${BOOT_SCRIPT_CSP_SOURCE};`);
    expect(CSP).not.toContain("unsafe-inline'; script");
  });
});

describe('modulePreloads', () => {
  const preloads = {
    '/': ['assets/home-1.js', 'assets/card-2.js'],
    '/projects': ['assets/p.js', '../etc/passwd', 7],
  };

  it("links the page's chunks for modulepreload, the path's trailing slash ignored", () => {
    expect(modulePreloads(preloads as never, '/')).toBe(
      '<link rel="modulepreload" crossorigin href="/assets/home-1.js"><link rel="modulepreload" crossorigin href="/assets/card-2.js">',
    );
    expect(modulePreloads(preloads as never, '/projects/')).toBe(
      '<link rel="modulepreload" crossorigin href="/assets/p.js">',
    );
  });

  it('links nothing for other pages, or anything that is not a built chunk', () => {
    expect(modulePreloads(preloads as never, '/help')).toBe('');
    expect(modulePreloads({ '/x': 'assets/a.js' } as never, '/x')).toBe('');
  });
});

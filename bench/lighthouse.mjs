// Lighthouse mobile (its default throttling and emulation) on the pages of issue 11, with Debian's Chromium:
// the median of 3 runs of performance and accessibility, with LCP, TBT and CLS. Signed-in pages are opened with the
// member's session cookie (the admin's for /admin). Run alone: `node bench/lighthouse.mjs` after `npm run build`, or
// as part of `npm run bench`. LIGHTHOUSE_RUNS and LIGHTHOUSE_PAGES (comma-separated paths) narrow it.
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { startRally } from './lib.mjs';

const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const PAGES = [
  { path: '/login', as: null },
  { path: '/', as: 'member@demo.test' },
  { path: '/projects', as: 'member@demo.test' },
  { path: '/community/feed', as: 'member@demo.test' },
  { path: '/community/leaderboard', as: 'member@demo.test' },
  { path: '/notifications', as: 'member@demo.test' },
  { path: '/admin', as: 'admin@demo.test' },
].filter((p) => !process.env.LIGHTHOUSE_PAGES || process.env.LIGHTHOUSE_PAGES.split(',').includes(p.path));
const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

async function sessionCookie(url, email) {
  const res = await fetch(`${url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'rally-demo' }),
  });
  if (!res.ok) throw new Error(`login of ${email} answered ${res.status}`);
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith('rally='));
  if (!cookie) throw new Error(`login of ${email} set no session cookie`);
  return cookie.split(';')[0];
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

export async function benchLighthouse() {
  const rally = await startRally();
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    chromeFlags: CHROME_FLAGS,
  });
  const cookies = new Map();
  const rows = [];
  try {
    for (const page of PAGES) {
      if (page.as && !cookies.has(page.as)) cookies.set(page.as, await sessionCookie(rally.url, page.as));
      const runs = [];
      const failedA11y = new Set();
      for (let i = 0; i < RUNS; i++) {
        const result = await lighthouse(`${rally.url}${page.path}`, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance', 'accessibility'],
          extraHeaders: page.as ? { Cookie: cookies.get(page.as) } : undefined,
        });
        const { categories, audits, finalDisplayedUrl } = result.lhr;
        if (new URL(finalDisplayedUrl).pathname !== page.path)
          throw new Error(`${page.path} ended at ${finalDisplayedUrl}: the session did not hold`);
        runs.push({
          performance: categories.performance.score * 100,
          accessibility: categories.accessibility.score * 100,
          fcp: audits['first-contentful-paint'].numericValue,
          lcp: audits['largest-contentful-paint'].numericValue,
          tbt: audits['total-blocking-time'].numericValue,
          cls: audits['cumulative-layout-shift'].numericValue,
        });
        // The accessibility audits that failed (SPEC 2's zoom-disabling viewport fails meta-viewport by design).
        for (const ref of categories.accessibility.auditRefs)
          if (ref.weight > 0 && audits[ref.id].score !== null && audits[ref.id].score < 1)
            failedA11y.add(ref.id);
      }
      const row = { path: page.path };
      for (const key of Object.keys(runs[0])) row[key] = median(runs.map((r) => r[key]));
      rows.push(row);
      console.log(
        `Lighthouse mobile ${page.path.padEnd(22)} performance ${String(Math.round(row.performance)).padStart(3)}  accessibility ${String(Math.round(row.accessibility)).padStart(3)}  FCP ${(row.fcp / 1000).toFixed(2)} s  LCP ${(row.lcp / 1000).toFixed(2)} s  TBT ${Math.round(row.tbt)} ms  CLS ${row.cls.toFixed(3)}  (median of ${RUNS})${failedA11y.size ? `  failed: ${[...failedA11y].join(', ')}` : ''}`,
      );
    }
  } finally {
    await chrome.kill();
    rally.child.kill();
  }
  return rows;
}

if (process.argv[1] === new URL(import.meta.url).pathname) await benchLighthouse();

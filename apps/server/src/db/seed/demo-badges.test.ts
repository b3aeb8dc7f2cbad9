import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACME_HOST, buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { headersFor } from '../../test/factories.ts';
import { seedDemoContent } from './demo-content.ts';

// The demo shows badges (issue 13): My Badges appears for member@demo.test, the admin has badges to manage.
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ JOB_RUNNER: '0' });
  await seedDemoContent(t.ctx.db, t.ctx.storage);
});
afterAll(() => t.close());

interface StatsBadge {
  name: string;
  tier: string | null;
  reason: string | null;
  earned_at: string | null;
  progress: { current: number; target: number; label: string } | null;
}

describe('demo badges', () => {
  it('gives member@demo.test earned badges with reasons and unearned ones with progress', async () => {
    const token = await t.login('member@demo.test');
    const res = await t.app.inject({ url: '/api/stats', headers: headersFor(token) });
    const { earnedBadges, unearnedBadges } = res.json() as {
      earnedBadges: StatsBadge[];
      unearnedBadges: StatsBadge[];
    };
    expect(earnedBadges.length).toBeGreaterThanOrEqual(3);
    expect(earnedBadges.find((b) => b.name === 'Community Champion')).toMatchObject({
      reason: 'Hosted the spring meetup',
    });
    expect(earnedBadges.some((b) => b.tier !== null)).toBe(true);
    expect(earnedBadges.every((b) => b.reason && b.earned_at)).toBe(true);
    expect(unearnedBadges.length).toBeGreaterThanOrEqual(3);
    expect(unearnedBadges.filter((b) => b.progress && b.progress.current > 0).length).toBeGreaterThanOrEqual(
      1,
    );
  });

  it('gives the Demo admin badges of several criteria and tiers, and Acme a couple', async () => {
    const res = await t.app.inject({
      url: '/api/admin/badges',
      headers: headersFor(await t.login('admin@demo.test')),
    });
    const list = res.json().badges as { criterion: string; tiers: unknown; earned_count: number }[];
    expect(new Set(list.map((b) => b.criterion)).size).toBeGreaterThanOrEqual(8);
    expect(list.filter((b) => b.tiers).length).toBeGreaterThanOrEqual(3);
    expect(list.some((b) => b.earned_count > 0)).toBe(true);
    const acme = await t.app.inject({
      url: '/api/admin/badges',
      headers: headersFor(await t.login('admin@acme.test', ACME_HOST), ACME_HOST),
    });
    expect(acme.json().badges.length).toBeGreaterThanOrEqual(2);
  });
});

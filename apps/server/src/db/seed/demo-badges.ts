import { and, eq, ne, sql } from 'drizzle-orm';
import type { Storage } from '../../lib/storage.ts';
import { evaluateBadges } from '../../modules/badges/commands/evaluate-badges.ts';
import type { Db } from '../client.ts';
import { badgeEvents, badges, userBadges, users } from '../schema/index.ts';
import { clientByName, userId } from './demo-helpers.ts';

type Seeded = Omit<typeof badges.$inferInsert, 'clientId' | 'position'>;

/** Demo's badges: every criterion, tiered and not, one hidden until earned, one awarded by hand. */
const DEMO_BADGES: Seeded[] = [
  { name: 'First Share', description: 'Posted your first share.', criterion: 'first_share' },
  {
    name: 'Amplifier',
    description: 'Share the company’s posts on your networks.',
    criterion: 'shares',
    thresholds: [1, 5, 15],
  },
  {
    name: 'Crowd Puller',
    description: 'People open the links you share.',
    criterion: 'clicks',
    thresholds: [10, 50, 200],
  },
  {
    name: 'Weekly Hero',
    description: 'Earn 100 points in a single week.',
    criterion: 'points',
    period: 'week',
    thresholds: [100],
  },
  {
    name: 'On a Roll',
    description: 'Earn points week after week.',
    criterion: 'streak',
    thresholds: [2, 4, 8],
  },
  {
    name: 'Go-Getter',
    description: 'Complete activities of any kind.',
    criterion: 'activities',
    thresholds: [3, 10, 25],
  },
  {
    name: 'Brand Builder',
    description: 'Your first approved Brand Content.',
    criterion: 'first_brand_content',
  },
  { name: 'Lifelong Learner', description: 'Complete trainings.', criterion: 'trainings', thresholds: [3] },
  {
    name: 'Finisher',
    description: 'Complete every activity of a project.',
    criterion: 'projects',
    thresholds: [1],
  },
  {
    name: 'Centurion',
    description: 'Points over all time.',
    criterion: 'points',
    period: 'all',
    thresholds: [250, 1000, 2500],
  },
  {
    name: 'Secret Star',
    description: 'A surprise for the month’s best.',
    criterion: 'points',
    period: 'month',
    thresholds: [400],
    hidden: true,
  },
  { name: 'Community Champion', description: 'Awarded by the team for going above and beyond.' },
];

const ACME_BADGES: Seeded[] = [
  { name: 'Crew Starter', description: 'Your first Acme share.', criterion: 'first_share' },
  {
    name: 'Mission Crew',
    description: 'Complete Acme missions.',
    criterion: 'activities',
    thresholds: [1, 3, 6],
  },
];

/**
 * Badges for Demo and Acme, then every member evaluated from their stored counters (the same evaluation the
 * durable jobs run, quietly: no notification), so member@demo.test has earned badges and others with progress
 * (My Badges shows). member@demo.test also gets Community Champion by hand from admin@demo.test; awards are dated
 * over the last weeks.
 */
export async function seedDemoBadges(db: Db, _storage: Storage): Promise<void> {
  for (const [name, list] of [
    ['Demo', DEMO_BADGES],
    ['Acme', ACME_BADGES],
  ] as const) {
    const client = await clientByName(db, name);
    if (!client) continue;
    await db.insert(badges).values(list.map((b, position) => ({ ...b, clientId: client.id, position })));
    const people = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.clientId, client.id), ne(users.role, 'APPLICANT')));
    for (const p of people) await evaluateBadges(db, { clientId: client.id, userId: p.id, quiet: true });
    // Earned over the last weeks rather than all at seeding time (the same dates every seeding).
    await db.execute(sql`
      update user_badges set created_at = created_at - make_interval(days => 1 + abs(hashtext(badge_id::text || user_id::text)) % 40)
      where client_id = ${client.id}`);
  }

  const demo = await clientByName(db, 'Demo');
  if (!demo) return;
  const member = await userId(db, demo.id, 'member@demo.test');
  const admin = await userId(db, demo.id, 'admin@demo.test');
  const [champion] = await db
    .select({ id: badges.id })
    .from(badges)
    .where(and(eq(badges.clientId, demo.id), eq(badges.name, 'Community Champion')));
  const reason = 'Hosted the spring meetup';
  const at = new Date(Date.now() - 90 * 3600_000);
  await db.insert(userBadges).values({
    clientId: demo.id,
    badgeId: champion!.id,
    userId: member,
    reason,
    awardedBy: admin,
    createdAt: at,
  });
  await db.insert(badgeEvents).values({
    clientId: demo.id,
    badgeId: champion!.id,
    userId: member,
    action: 'award',
    reason,
    actorId: admin,
    createdAt: at,
  });
}

// The Demo community's tracked shares (issue 13), so the admin Dashboard (shares, clicks, reach, top content) and
// the shares report show a programme rather than one person: nine of the people demo-people.ts adds posted the
// onboarding and launch posts on every network over the last three months, and visitors kept opening their links.
// Rows are written as the app writes them (a share, its unique visitors, the participation and points of a
// member's first posted share of an activity), so the triggers of migrations 0006, 0009 and 0013 fill the badge
// counters, member_daily_metrics, report_facts and leaderboard_points. member@demo.test's shares (demo-shares.ts)
// are left as they are.
// Every point-earning share is dated at least eight days ago: this week's leaderboard (member@demo.test mid-table,
// with ties, demo-points.ts) stays as it was; only second networks of a post, which earn nothing, are recent.
// The writing is client-parameterised (seedCommunityShares): Acme's crew shares its missions the same way
// (demo-activity-acme.ts).
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../client.ts';
import {
  activities,
  type participations,
  projectMembers,
  shareClicks,
  shares,
  users,
} from '../schema/index.ts';
import { clientByName, recordCompletions, seededRandom, startOfWeekUtc } from './demo-helpers.ts';
import { idAt } from './demo-shares.ts';

const DAY_MS = 86_400_000;
/** A share earns points only when it is a member's first posted share of the activity, this long ago at least. */
const EARNING_MIN_DAYS_AGO = 8;

const INTRO = 'Why I am a Demo ambassador';
const LAUNCH = 'Share the launch';
const HIRING = 'We are hiring';
const STORY = 'A customer story';

/** One tracked share: who (local part of the e-mail), what, where and when, and how its link was visited. */
export interface CommunityShare {
  who: string;
  activity: string;
  channel: string;
  /** Days ago it was shared (posted, unless `pending`). */
  ago?: number;
  /**
   * Shared this week instead, this far (0 to 1) into the week so far (UTC, from Monday): so a client's weekly
   * leaderboard has points whatever day the seed runs.
   */
  thisWeek?: number;
  /** Unique visitors of its link, and over how many days after the share they came. */
  clicks: number;
  over: number;
  pending?: boolean;
}

/** A client's community shares: whose (e-mail domain), which, what each post says, and the random seed. */
export interface CommunitySharesPlan {
  client: string;
  domain: string;
  shares: CommunityShare[];
  /** What each activity's post says on a network, as the member edited it (by activity title). */
  texts: Record<string, string>;
  seed: number;
  /** Refuse a point-earning share younger than this many days (Demo keeps its week's table as demo-points.ts made it). */
  earningMinDaysAgo?: number;
}

const SHARES: CommunityShare[] = [
  { who: 'sofia.martinez', activity: INTRO, channel: 'linkedin', ago: 88, clicks: 18, over: 45 },
  { who: 'sofia.martinez', activity: INTRO, channel: 'instagram', ago: 87, clicks: 7, over: 20 },
  { who: 'sofia.martinez', activity: LAUNCH, channel: 'linkedin', ago: 9, clicks: 12, over: 9 },
  { who: 'sofia.martinez', activity: LAUNCH, channel: 'instagram', ago: 3, clicks: 5, over: 3 },
  { who: 'daniel.okafor', activity: INTRO, channel: 'facebook', ago: 81, clicks: 9, over: 30 },
  { who: 'daniel.okafor', activity: HIRING, channel: 'linkedin', ago: 9, clicks: 6, over: 9 },
  { who: 'daniel.okafor', activity: HIRING, channel: 'facebook', ago: 2, clicks: 3, over: 2 },
  { who: 'hannah.schmidt', activity: INTRO, channel: 'instagram', ago: 75, clicks: 15, over: 35 },
  { who: 'hannah.schmidt', activity: INTRO, channel: 'tiktok', ago: 70, clicks: 22, over: 28 },
  { who: 'hannah.schmidt', activity: LAUNCH, channel: 'tiktok', ago: 8.5, clicks: 9, over: 8 },
  { who: 'hannah.schmidt', activity: LAUNCH, channel: 'instagram', ago: 1, clicks: 2, over: 1 },
  { who: 'marcus.chen', activity: INTRO, channel: 'linkedin', ago: 66, clicks: 10, over: 30 },
  { who: 'marcus.chen', activity: STORY, channel: 'linkedin', ago: 9, clicks: 8, over: 9 },
  { who: 'amara.johnson', activity: INTRO, channel: 'twitter', ago: 62, clicks: 6, over: 20 },
  { who: 'amara.johnson', activity: INTRO, channel: 'linkedin', ago: 45, clicks: 8, over: 30 },
  { who: 'amara.johnson', activity: LAUNCH, channel: 'twitter', ago: 8, clicks: 4, over: 8 },
  { who: 'elena.rossi', activity: INTRO, channel: 'linkedin', ago: 52, clicks: 9, over: 30 },
  { who: 'elena.rossi', activity: STORY, channel: 'linkedin', ago: 8, clicks: 6, over: 8 },
  { who: 'kenji.watanabe', activity: INTRO, channel: 'linkedin', ago: 40, clicks: 7, over: 25 },
  { who: 'kenji.watanabe', activity: LAUNCH, channel: 'facebook', ago: 9.5, clicks: 5, over: 9 },
  { who: 'grace.kim', activity: INTRO, channel: 'instagram', ago: 33, clicks: 12, over: 20 },
  { who: 'grace.kim', activity: HIRING, channel: 'twitter', ago: 8, clicks: 3, over: 8 },
  { who: 'grace.kim', activity: HIRING, channel: 'linkedin', ago: 4, clicks: 2, over: 4 },
  { who: 'tom.becker', activity: INTRO, channel: 'facebook', ago: 21, clicks: 4, over: 15 },
  { who: 'tom.becker', activity: LAUNCH, channel: 'facebook', ago: 9, clicks: 6, over: 9 },
  { who: 'tom.becker', activity: LAUNCH, channel: 'twitter', ago: 1, clicks: 1, over: 1, pending: true },
];

/** What each post says on a network, as the member edited it. */
const TEXTS: Record<string, string> = {
  [INTRO]: 'Proud to be a Demo ambassador: here is why I love what our team builds. #DemoStudio',
  [LAUNCH]: 'Demo Studio is here, and it is the fastest way to go from idea to launch. #DemoStudio #launch',
  [HIRING]: 'We are hiring at Demo! Come build great things with us. #hiring',
  [STORY]: 'How one customer cut their launch time in half with Demo Studio. #customerstory',
};

type Activity = typeof activities.$inferSelect;
type ShareRow = typeof shares.$inferInsert;
type ClickRow = typeof shareClicks.$inferInsert;
type ParticipationRow = typeof participations.$inferInsert;

/** The Demo community's shares and their visitors, participations and points (run after demo-shares.ts). */
export async function seedDemoCommunityShares(db: Db): Promise<void> {
  await seedCommunityShares(db, {
    client: 'Demo',
    domain: 'demo.test',
    shares: SHARES,
    texts: TEXTS,
    seed: 131,
    earningMinDaysAgo: EARNING_MIN_DAYS_AGO,
  });
}

/**
 * A client's community shares as the app writes them, a few statements in all: the members join the activities'
 * projects (if not yet), then the shares and their unique visitors, and for a member's first posted share of an
 * activity the completed participation and the activity's points on the same day.
 */
export async function seedCommunityShares(db: Db, plan: CommunitySharesPlan): Promise<void> {
  const client = await clientByName(db, plan.client);
  if (!client) return;
  const clientId = client.id;
  const people = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(
      and(
        eq(users.clientId, clientId),
        inArray(
          users.email,
          plan.shares.map((s) => `${s.who}@${plan.domain}`),
        ),
      ),
    );
  const acts = await db
    .select()
    .from(activities)
    .where(and(eq(activities.clientId, clientId), inArray(activities.title, Object.keys(plan.texts))));
  const personOf = new Map(people.map((p) => [p.email!.split('@')[0]!, p.id]));
  const activityOf = new Map(acts.map((a) => [a.title, a]));
  const rnd = seededRandom(plan.seed);
  const now = Date.now();
  const monday = startOfWeekUtc(now);
  const members = new Map<string, typeof projectMembers.$inferInsert>();
  const shareRows: ShareRow[] = [];
  const clickRows: ClickRow[] = [];
  const earning: { row: ParticipationRow; activity: Activity }[] = [];
  for (const [n, s] of plan.shares.entries()) {
    const userId = personOf.get(s.who);
    const activity = activityOf.get(s.activity);
    if (!userId || !activity) continue;
    const sharedAt =
      s.thisWeek === undefined
        ? now - (s.ago ?? 0) * DAY_MS
        : monday + s.thisWeek * Math.max(0, now - 60_000 - monday);
    const at = new Date(sharedAt);
    const postUrl =
      s.pending || rnd() < 0.4
        ? null
        : `https://www.${s.channel}.com/${plan.domain.split('.')[0]}-community/${n + 1}`;
    const visits = visitTimes(s, sharedAt, now, rnd);
    const memberKey = `${userId}:${activity.projectId}`;
    if (!members.has(memberKey))
      members.set(memberKey, { clientId, projectId: activity.projectId, userId, createdAt: at });
    const text = plan.texts[s.activity]!;
    const id = idAt(at);
    shareRows.push({
      id,
      clientId,
      userId,
      activityId: activity.id,
      channel: s.channel,
      text,
      postUrl,
      sharedAt: s.pending ? null : at,
      clicks: visits.length,
      createdAt: at,
    });
    clickRows.push(
      ...visits.map((visitAt, i) => ({
        clientId,
        shareId: id,
        visitorHash: `${plan.domain.split('.')[0]}-community-${n + 1}-${i}`,
        createdAt: visitAt,
      })),
    );
    // As completing a share does: the first network's share earns the activity's participation, later ones nothing.
    if (s.pending || earning.some((e) => e.row.userId === userId && e.activity.id === activity.id)) continue;
    if (plan.earningMinDaysAgo !== undefined && now - sharedAt < plan.earningMinDaysAgo * DAY_MS)
      throw new Error(`${s.who}'s ${s.activity} would earn points this week`);
    earning.push({
      activity,
      row: {
        clientId,
        activityId: activity.id,
        userId,
        status: 'completed',
        isComplete: true,
        data: { share_id: id, channel: s.channel, text, post_url: postUrl },
        createdAt: at,
        updatedAt: at,
      },
    });
  }
  if (shareRows.length === 0) return;
  await db
    .insert(projectMembers)
    .values([...members.values()])
    .onConflictDoNothing();
  await db.insert(shares).values(shareRows);
  if (clickRows.length > 0) await db.insert(shareClicks).values(clickRows);
  await recordCompletions(db, earning);
}

/**
 * When a share's visitors came: from the moment it was shared over `over` days, most of them early (a link is
 * opened most while fresh), a few hours apart, never in the future.
 */
function visitTimes(s: CommunityShare, sharedAt: number, now: number, rnd: () => number): Date[] {
  const until = Math.min(now - 60_000, sharedAt + s.over * DAY_MS);
  return Array.from({ length: s.clicks }, (_, i) => {
    const early = (i / Math.max(1, s.clicks - 1)) ** 2;
    const at = sharedAt + (until - sharedAt) * early + rnd() * 6 * 3_600_000;
    return new Date(Math.min(at, until));
  });
}

// The Demo community's tracked shares (issue 13), so the admin Dashboard (shares, clicks, reach, top content) and
// the shares report show a programme rather than one person: nine of the people demo-people.ts adds posted the
// onboarding and launch posts on every network over the last three months, and visitors kept opening their links.
// Rows are written as the app writes them (a share, its unique visitors, the participation and points of a
// member's first posted share of an activity), so the triggers of migrations 0006, 0009 and 0013 fill the badge
// counters, member_daily_metrics, report_facts and leaderboard_points. member@demo.test's shares (demo-shares.ts)
// are left as they are.
// Every point-earning share is dated at least eight days ago: this week's leaderboard (member@demo.test mid-table,
// with ties, demo-points.ts) stays as it was; only second networks of a post, which earn nothing, are recent.
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../client.ts';
import {
  activities,
  participations,
  pointsLedger,
  projectMembers,
  shareClicks,
  shares,
  users,
} from '../schema/index.ts';
import { clientByName, seededRandom } from './demo-helpers.ts';
import { idAt } from './demo-shares.ts';

const DAY_MS = 86_400_000;
/** A share earns points only when it is a member's first posted share of the activity, this long ago at least. */
const EARNING_MIN_DAYS_AGO = 8;

const INTRO = 'Why I am a Demo ambassador';
const LAUNCH = 'Share the launch';
const HIRING = 'We are hiring';
const STORY = 'A customer story';

/** One tracked share: who (local part of the e-mail), what, where and when, and how its link was visited. */
interface CommunityShare {
  who: string;
  activity: string;
  channel: string;
  /** Days ago it was shared (posted, unless `pending`). */
  ago: number;
  /** Unique visitors of its link, and over how many days after the share they came. */
  clicks: number;
  over: number;
  pending?: boolean;
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

/** The community's shares and their visitors, participations and points (run after demo-shares.ts). */
export async function seedDemoCommunityShares(db: Db): Promise<void> {
  const demo = await clientByName(db, 'Demo');
  if (!demo) return;
  const clientId = demo.id;
  const people = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(
      and(
        eq(users.clientId, clientId),
        inArray(
          users.email,
          SHARES.map((s) => `${s.who}@demo.test`),
        ),
      ),
    );
  const acts = await db
    .select()
    .from(activities)
    .where(and(eq(activities.clientId, clientId), inArray(activities.title, Object.keys(TEXTS))));
  const personOf = new Map(people.map((p) => [p.email!.split('@')[0]!, p.id]));
  const activityOf = new Map(acts.map((a) => [a.title, a]));
  const rnd = seededRandom(131);
  const now = Date.now();
  const earned = new Set<string>();
  for (const [n, s] of SHARES.entries()) {
    const userId = personOf.get(s.who);
    const activity = activityOf.get(s.activity);
    if (!userId || !activity) continue;
    const q = { clientId, userId, activity, at: new Date(now - s.ago * DAY_MS) };
    const postUrl = s.pending || rnd() < 0.4 ? null : `https://www.${s.channel}.com/demo-community/${n + 1}`;
    const shareId = await insertShare(db, { ...q, share: s, postUrl, visits: visitTimes(s, now, rnd), n });
    // As completing a share does: the first network's share earns the activity's participation, later ones nothing.
    const key = `${userId}:${activity.id}`;
    if (s.pending || earned.has(key)) continue;
    earned.add(key);
    if (s.ago < EARNING_MIN_DAYS_AGO) throw new Error(`${s.who}'s ${s.activity} would earn points this week`);
    await recordParticipation(db, {
      ...q,
      data: { share_id: shareId, channel: s.channel, text: TEXTS[s.activity]!, post_url: postUrl },
    });
  }
}

interface Made {
  clientId: string;
  userId: string;
  activity: Activity;
  at: Date;
}

/** The member joins the project (if not yet), then the share and its unique visitors; answers the share's id. */
async function insertShare(
  db: Db,
  q: Made & { share: CommunityShare; postUrl: string | null; visits: Date[]; n: number },
): Promise<string> {
  const { clientId, userId, activity, at, share: s } = q;
  await db
    .insert(projectMembers)
    .values({ clientId, projectId: activity.projectId, userId, createdAt: at })
    .onConflictDoNothing();
  const [row] = await db
    .insert(shares)
    .values({
      id: idAt(at),
      clientId,
      userId,
      activityId: activity.id,
      channel: s.channel,
      text: TEXTS[s.activity]!,
      postUrl: q.postUrl,
      sharedAt: s.pending ? null : at,
      clicks: q.visits.length,
      createdAt: at,
    })
    .returning({ id: shares.id });
  if (q.visits.length > 0) {
    await db.insert(shareClicks).values(
      q.visits.map((visitAt, i) => ({
        clientId,
        shareId: row!.id,
        visitorHash: `demo-community-${q.n + 1}-${i}`,
        createdAt: visitAt,
      })),
    );
  }
  return row!.id;
}

/** The completed participation a posted share records, and the activity's points on the same day. */
async function recordParticipation(db: Db, q: Made & { data: Record<string, unknown> }): Promise<void> {
  const { clientId, userId, activity, at } = q;
  const [done] = await db
    .insert(participations)
    .values({
      clientId,
      activityId: activity.id,
      userId,
      status: 'completed',
      isComplete: true,
      data: q.data,
      createdAt: at,
      updatedAt: at,
    })
    .returning({ id: participations.id });
  if (activity.points <= 0) return;
  await db.insert(pointsLedger).values({
    clientId,
    userId,
    points: activity.points,
    projectId: activity.projectId,
    source: `participation:${done!.id}`,
    createdAt: at,
  });
}

/**
 * When a share's visitors came: from the moment it was shared over `over` days, most of them early (a link is
 * opened most while fresh), a few hours apart, never in the future.
 */
function visitTimes(s: CommunityShare, now: number, rnd: () => number): Date[] {
  const sharedAt = now - s.ago * DAY_MS;
  const until = Math.min(now - 60_000, sharedAt + s.over * DAY_MS);
  return Array.from({ length: s.clicks }, (_, i) => {
    const early = (i / Math.max(1, s.clicks - 1)) ** 2;
    const at = sharedAt + (until - sharedAt) * early + rnd() * 6 * 3_600_000;
    return new Date(Math.min(at, until));
  });
}

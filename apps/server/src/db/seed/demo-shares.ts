// member@demo.test's tracked shares beyond the holiday post: several networks, clicks spread over the last
// months (My Posts, and the click rollups of My Metrics), one share still waiting for confirmation.
import { randomInt } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { UUID } from 'uuidv7';
import type { Db } from '../client.ts';
import {
  activities,
  participations,
  pointsLedger,
  projectMembers,
  projects,
  shareClicks,
  shares,
} from '../schema/index.ts';
import { clientByName, userId } from './demo-helpers.ts';

const DAY = 86_400_000;
const days = (n: number) => new Date(Date.now() + n * DAY);

/** A UUIDv7 of a past moment: ids order lists newest first (SPEC 7 paging), so a backdated row needs one. */
export const idAt = (at: Date) =>
  UUID.fromFieldsV7(
    at.getTime(),
    randomInt(0, 4096),
    randomInt(0, 2 ** 30),
    randomInt(0, 2 ** 32),
  ).toString();

interface DemoShare {
  activityId: string;
  channel: string;
  text: string;
  /** Days ago it was shared; posted unless `pending`. */
  ago: number;
  postUrl?: string;
  pending?: boolean;
  /** Visitors, each `[days ago]` of their first visit. */
  clicksAgo: number[];
}

/** Visits spread from `from` to `to` days ago, more of them early on (links are clicked most when fresh). */
const spread = (count: number, from: number, to: number) =>
  Array.from({ length: count }, (_, i) => from - (from - to) * (i / Math.max(1, count - 1)) ** 2);

async function insertShares(db: Db, clientId: string, member: string, list: DemoShare[]) {
  const made: { id: string; share: DemoShare }[] = [];
  for (const share of list) {
    const at = days(-share.ago);
    const [row] = await db
      .insert(shares)
      .values({
        id: idAt(at),
        clientId,
        userId: member,
        activityId: share.activityId,
        channel: share.channel,
        text: share.text,
        postUrl: share.pending ? null : (share.postUrl ?? null),
        sharedAt: share.pending ? null : at,
        clicks: share.clicksAgo.length,
        createdAt: at,
      })
      .returning({ id: shares.id });
    if (share.clicksAgo.length > 0) {
      await db.insert(shareClicks).values(
        share.clicksAgo.map((ago, i) => ({
          clientId,
          shareId: row!.id,
          visitorHash: `demo-${row!.id.slice(-8)}-${i}`,
          createdAt: new Date(Date.now() - ago * DAY - randomInt(0, 12) * 3_600_000),
        })),
      );
    }
    made.push({ id: row!.id, share });
  }
  return made;
}

export async function seedDemoShares(db: Db) {
  const { id: c } = await clientByName(db, 'Demo');
  const member = await userId(db, c, 'member@demo.test');
  const byTitle = async (title: string) => {
    const [row] = await db
      .select()
      .from(activities)
      .where(and(eq(activities.clientId, c), eq(activities.title, title)));
    return row!;
  };
  const holiday = await byTitle('Holiday greetings');
  const story = await byTitle('A customer story');
  const launchPost = await byTitle('Share the launch');

  // The onboarding programme's post (out for three months, shared by the community too: demo-community-shares.ts),
  // shared by the member two months ago on LinkedIn (its points) and Instagram.
  const [onboarding] = await db
    .select()
    .from(projects)
    .where(and(eq(projects.clientId, c), eq(projects.name, 'Brand Ambassador Onboarding')));
  const [intro] = await db
    .insert(activities)
    .values({
      clientId: c,
      projectId: onboarding!.id,
      type: 'social_post',
      title: 'Why I am a Demo ambassador',
      description: 'Tell your network why you speak for Demo, in your own words.',
      points: 15,
      config: {
        type: 'social_post',
        template_id: null,
        creative_ids: (launchPost.config.creative_ids as string[] | undefined) ?? [],
        channels: [],
        destination_url: null,
      },
      createdAt: days(-95),
    })
    .returning();
  await db
    .insert(projectMembers)
    .values({ clientId: c, projectId: onboarding!.id, userId: member })
    .onConflictDoNothing();

  const made = await insertShares(db, c, member, [
    {
      activityId: intro!.id,
      channel: 'linkedin',
      text: 'I joined the Demo ambassador programme: proud to share what our team builds. #DemoStudio',
      ago: 55,
      postUrl: 'https://www.linkedin.com/feed/update/urn:li:activity:demo-intro',
      clicksAgo: spread(11, 55, 12),
    },
    {
      activityId: intro!.id,
      channel: 'instagram',
      text: 'Proud Demo ambassador! #DemoStudio #teamwork',
      ago: 52,
      clicksAgo: spread(6, 52, 20),
    },
    {
      activityId: holiday.id,
      channel: 'facebook',
      text: 'Happy holidays from all of us at Demo! #happyholidays',
      ago: 318,
      clicksAgo: spread(4, 318, 300),
    },
    {
      activityId: story.id,
      channel: 'linkedin',
      text: 'How one customer cut their launch time in half with Demo Studio. A story worth reading. #customerstory',
      ago: 8,
      postUrl: 'https://www.linkedin.com/feed/update/urn:li:activity:demo-story',
      clicksAgo: spread(14, 8, 0),
    },
    {
      activityId: launchPost.id,
      channel: 'twitter',
      text: 'Demo Studio is here! #DemoStudio #launch',
      ago: 1,
      pending: true,
      clicksAgo: [0.5],
    },
  ]);

  // The participations the first posted share of each new activity earned (the holiday post has its own).
  const earning = made.filter(
    (m, i) =>
      !m.share.pending &&
      m.share.activityId !== holiday.id &&
      made.findIndex((o) => o.share.activityId === m.share.activityId) === i,
  );
  const pointsOf = { [intro!.id]: intro!.points, [story.id]: story.points };
  const projectOf = { [intro!.id]: intro!.projectId, [story.id]: story.projectId };
  const rows = await db
    .insert(participations)
    .values(
      earning.map((m) => ({
        clientId: c,
        activityId: m.share.activityId,
        userId: member,
        status: 'completed',
        isComplete: true,
        data: {
          share_id: m.id,
          channel: m.share.channel,
          text: m.share.text,
          post_url: m.share.postUrl ?? null,
        },
        createdAt: days(-m.share.ago),
      })),
    )
    .returning();
  await db.insert(pointsLedger).values(
    rows.map((p) => ({
      clientId: c,
      userId: member,
      points: pointsOf[p.activityId]!,
      projectId: projectOf[p.activityId]!,
      source: `participation:${p.id}`,
      createdAt: p.createdAt,
    })),
  );
}

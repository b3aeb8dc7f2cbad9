import { and, asc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { UUID } from 'uuidv7';
import type { Storage } from '../../lib/storage.ts';
import type { Db } from '../client.ts';
import { clients, comments, posts, reactions, teamMembers, teams, uploads, users } from '../schema/index.ts';
import { bannerSvg, storeWebp } from './demo-images.ts';

const HOUR = 3_600_000;
/** A UUIDv7 of a moment in the past, so ids keep the feed's order (cursors rely on it). */
const idAt = (ms: number) =>
  UUID.fromFieldsV7(
    ms,
    Math.floor(Math.random() * 0xfff),
    Math.floor(Math.random() * 0x3fffffff),
    Math.floor(Math.random() * 0xffffffff),
  ).toString();

const POSTS: { text: string; hoursAgo: number; image?: number; mention?: number; link?: true }[] = [
  {
    text: 'Kicked off the spring campaign with the Marketing crew today. So much energy in the room! #launch',
    hoursAgo: 650,
    image: 0,
  },
  {
    text: 'Tip: posts with a personal story get twice the clicks of plain product posts. Tell people why you care. #tips',
    hoursAgo: 610,
  },
  {
    text: 'First customer visit of the year went great. They already follow us on LinkedIn 🙌',
    hoursAgo: 560,
  },
  {
    text: 'Who else is joining the trail run on Saturday? Bring your team shirts! #teamwork',
    hoursAgo: 520,
    mention: 2,
  },
  {
    text: 'Our new product page is live. Have a look and share it with your network: https://example.com/launch',
    hoursAgo: 470,
    link: true,
  },
  {
    text: 'Coffee chat with the Sales team this morning — great ideas for the next project. ☕',
    hoursAgo: 430,
  },
  {
    text: 'Just hit 500 points on the leaderboard. Thanks for all the likes on my last post!',
    hoursAgo: 400,
  },
  {
    text: 'Behind the scenes of our photo shoot for the summer collection. #behindthescenes',
    hoursAgo: 360,
    image: 1,
  },
  { text: 'Reminder: add #employee when you post about the brand. Honesty builds trust.', hoursAgo: 330 },
  {
    text: 'Shout-out to everyone who helped at the booth this week. We talked to over 200 people!',
    hoursAgo: 300,
    mention: 1,
  },
  {
    text: 'Which channel works best for you: LinkedIn or Instagram? Curious what the community thinks.',
    hoursAgo: 270,
  },
  {
    text: 'Finished the brand training module today. The quiz was harder than I expected 😅 #training',
    hoursAgo: 240,
  },
  {
    text: 'Our team volunteered at the local food bank this morning. Proud of this group. #community',
    hoursAgo: 210,
    image: 2,
  },
  {
    text: 'New templates are in the library for the autumn project — they make sharing really quick.',
    hoursAgo: 180,
  },
  { text: 'Anyone have tips for short videos? I want to try TikTok for the next campaign.', hoursAgo: 150 },
  { text: 'Great turnout at the webinar! Recording coming soon. #webinar', hoursAgo: 120 },
  { text: 'Celebrating 5 years with the company today 🎉 Thank you all for making it fun.', hoursAgo: 96 },
  {
    text: 'Customer story of the week: how a small bakery doubled its orders with our app. #customerlove',
    hoursAgo: 72,
  },
  {
    text: 'Heading to the trade fair next week. Who wants to share our live updates?',
    hoursAgo: 50,
    mention: 0,
  },
  {
    text: 'Monday motivation: every share counts. Let’s make this week our best one yet! #mondaymotivation',
    hoursAgo: 30,
  },
  {
    text: 'Loved reading everyone’s posts this week. This community is the best part of my job.',
    hoursAgo: 12,
  },
  { text: 'Quick poll in the comments: what should our next team activity be?', hoursAgo: 5 },
];

const COMMENTS = [
  'Love this! 👏',
  'Great work, team!',
  'Count me in.',
  'Thanks for sharing, really useful.',
  'This made my day 😊',
  'So proud of what we built here.',
  'Can’t wait to see the results!',
  'Congratulations! 🎉',
];
const KINDS = ['like', 'love', 'celebrate', 'insightful'] as const;

async function storePostImage(db: Db, storage: Storage, clientId: string, userId: string, seed: number) {
  const palettes = [
    ['#0A9396', '#005F73', ['#EE9B00', '#6BF15C', '#E9D8A6']],
    ['#CA6702', '#9B2226', ['#E9D8A6', '#94D2BD']],
    ['#94D2BD', '#0A9396', ['#6BF15C', '#005F73', '#EE9B00']],
  ] as const;
  const [from, to, accents] = palettes[seed % palettes.length]!;
  const id = idAt(Date.now() - 800 * HOUR + seed);
  const key = `${clientId}/${id}.webp`;
  const size = await storeWebp(storage, key, bannerSvg(1200, 800, from, to, [...accents], 20 + seed));
  await db.insert(uploads).values({
    id,
    clientId,
    userId,
    type: 'post',
    key,
    contentType: 'image/webp',
    size,
    objectId: clientId,
  });
  return `/api/files/${id}.webp`;
}

/**
 * Demo's community feed over the last four weeks: posts by several members (pictures, a link preview,
 * mentions), comments and reactions, an admin's pinned announcement and a team post. Authors are the client's
 * onboarded members found at run time. Acme (white-label, no Feed tab) gets none.
 */
export async function seedDemoFeed(db: Db, storage: Storage): Promise<void> {
  const [client] = await db.select().from(clients).where(eq(clients.name, 'Demo'));
  if (!client) return;
  const c = client.id;
  const people = await db
    .select({
      id: users.id,
      email: users.email,
      role: users.role,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(users)
    .where(
      and(
        eq(users.clientId, c),
        isNotNull(users.onboardedAt),
        inArray(users.role, ['USER', 'ANALYST', 'ADMIN']),
      ),
    )
    .orderBy(asc(users.createdAt), asc(users.email));
  const admin = people.find((p) => p.email === 'admin@demo.test');
  const member = people.find((p) => p.email === 'member@demo.test');
  if (!admin || !member) return;
  // Members first (the admin mostly announces); several authors take turns.
  const authors = [member, ...people.filter((p) => p.role !== 'ADMIN' && p.id !== member.id), admin];
  const now = Date.now();
  const images = await Promise.all(
    [0, 1, 2].map((seed) => storePostImage(db, storage, c, authors[seed % authors.length]!.id, seed)),
  );
  const nameOf = (p: (typeof people)[number]) => `${p.firstName ?? ''} ${p.lastName ?? ''}`.trim();

  const rows = POSTS.map((p, i) => {
    const author = authors[i % authors.length]!;
    const mentioned =
      p.mention === undefined ? undefined : people.filter((x) => x.id !== author.id)[p.mention];
    const at = now - p.hoursAgo * HOUR;
    return {
      id: idAt(at),
      clientId: c,
      authorId: author.id,
      body: mentioned ? `${p.text} @${nameOf(mentioned)}` : p.text,
      images: p.image === undefined ? [] : [images[p.image]!],
      mentions: mentioned ? [mentioned.id] : [],
      link: p.link
        ? {
            url: 'https://example.com/launch',
            title: 'Spring launch — meet the new collection',
            description: 'Everything new this season, in one place. Share it with your network.',
            image_url: null,
            site_name: 'example.com',
          }
        : null,
      createdAt: new Date(at),
    };
  });
  const announcementAt = now - 200 * HOUR;
  rows.push({
    id: idAt(announcementAt),
    clientId: c,
    authorId: admin.id,
    body: 'Welcome to the community feed! 📣 Share your wins, tag colleagues with @ and use #hashtags. The top sharers this month win a team lunch.',
    images: [],
    mentions: [],
    link: null,
    createdAt: new Date(announcementAt),
  });
  await db.insert(posts).values(rows);
  await db
    .update(posts)
    .set({ pinnedAt: new Date(announcementAt + HOUR) })
    .where(eq(posts.id, rows.at(-1)!.id));

  // A post in a team feed the member belongs to (Marketing), by the admin: a team announcement.
  const [team] = await db
    .select({ id: teams.id })
    .from(teams)
    .innerJoin(teamMembers, eq(teamMembers.teamId, teams.id))
    .where(and(eq(teams.clientId, c), eq(teamMembers.userId, member.id)))
    .limit(1);
  if (team) {
    const at = now - 40 * HOUR;
    await db.insert(posts).values({
      id: idAt(at),
      clientId: c,
      authorId: admin.id,
      teamId: team.id,
      body: 'Team, our next project starts Monday. Check the brief and share the launch post by Friday! #teamwork',
      createdAt: new Date(at),
    });
  }

  // Comments and reactions from other members, spread after each post.
  const commentRows: (typeof comments.$inferInsert)[] = [];
  const reactionRows: (typeof reactions.$inferInsert)[] = [];
  rows.forEach((post, i) => {
    const others = people.filter((p) => p.id !== post.authorId);
    const postAt = post.createdAt.getTime();
    const nComments = (i * 7) % 4;
    for (let k = 0; k < nComments && k < others.length; k++) {
      const at = Math.min(postAt + (k + 1) * HOUR, now - 60_000);
      commentRows.push({
        id: idAt(at),
        clientId: c,
        postId: post.id,
        authorId: others[(i + k) % others.length]!.id,
        body: COMMENTS[(i + k) % COMMENTS.length]!,
        createdAt: new Date(at),
      });
    }
    const nReactions = Math.min(others.length, 1 + ((i * 5) % 7));
    for (let k = 0; k < nReactions; k++) {
      reactionRows.push({
        clientId: c,
        postId: post.id,
        userId: others[(i + k * 3) % others.length]!.id,
        kind: KINDS[(i + k) % KINDS.length]!,
      });
    }
  });
  if (commentRows.length) await db.insert(comments).values(commentRows);
  if (reactionRows.length) await db.insert(reactions).values(reactionRows).onConflictDoNothing();
  await db.execute(sql`update posts p set
      comment_count = (select count(*) from comments x where x.post_id = p.id and x.status = 'published'),
      reaction_count = (select count(*) from reactions r where r.post_id = p.id)
    where p.client_id = ${c}`);
}

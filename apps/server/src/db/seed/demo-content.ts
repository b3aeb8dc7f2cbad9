import { and, eq } from 'drizzle-orm';
import { uuidv7 } from 'uuidv7';
import type { Storage } from '../../lib/storage.ts';
import type { Db } from '../client.ts';
import {
  activities,
  clients,
  creatives,
  participations,
  pointsLedger,
  projectMembers,
  projects,
  shareClicks,
  shares,
  teams,
  templates,
  uploads,
  users,
} from '../schema/index.ts';
import { seedAcmeContent } from './demo-content-acme.ts';
import { seedDemoFeed } from './demo-feed.ts';
import { bannerSvg, renderWebp } from './demo-images.ts';
import { seedDemoNotifications } from './demo-notifications.ts';
import { seedDemoPeople } from './demo-people.ts';
import { seedDemoPoints } from './demo-points.ts';
import { seedDemoSafety } from './demo-safety.ts';

const days = (n: number) => new Date(Date.now() + n * 86_400_000);

/** Renders and stores a generated image as an upload of the client; returns its URL. */
export async function storeImage(db: Db, storage: Storage, clientId: string, svg: string, type: string) {
  const id = uuidv7();
  const body = await renderWebp(svg);
  const key = `${clientId}/${id}.webp`;
  await storage.put(key, body, 'image/webp');
  await db
    .insert(uploads)
    .values({ id, clientId, type, key, contentType: 'image/webp', size: body.length, objectId: clientId });
  return `/api/files/${id}.webp`;
}

export async function clientByName(db: Db, name: string) {
  const [row] = await db.select().from(clients).where(eq(clients.name, name));
  return row!;
}
export async function userId(db: Db, clientId: string, email: string) {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.clientId, clientId), eq(users.email, email)));
  return row!.id;
}

/** Projects, library, participation and points for the demo clients, so `npm start` shows a living app. */
export async function seedDemoContent(db: Db, storage: Storage): Promise<void> {
  await seedDemoClientContent(db, storage);
  await seedAcmeContent(db, storage);
  // Community (issue 4): people first, since the feed, points and notifications are theirs.
  await seedDemoPeople(db, storage);
  await seedDemoFeed(db, storage);
  await seedDemoPoints(db, storage);
  await seedDemoNotifications(db, storage);
  await seedDemoSafety(db, storage);
}

async function seedDemoClientContent(db: Db, storage: Storage) {
  const client = await clientByName(db, 'Demo');
  const c = client.id;
  const [sales] = await db
    .select()
    .from(teams)
    .where(and(eq(teams.clientId, c), eq(teams.name, 'Sales')));
  const member = await userId(db, c, 'member@demo.test');
  const returning = await userId(db, c, 'returning@demo.test');

  const [launchUrl, hiringUrl, setupUrl, holidayUrl, submissionUrl] = await Promise.all([
    storeImage(
      db,
      storage,
      c,
      bannerSvg(1200, 630, '#00A3C4', '#005F73', ['#6BF15C', '#94D2BD', '#E9D8A6'], 3),
      'creative',
    ),
    storeImage(
      db,
      storage,
      c,
      bannerSvg(1080, 1080, '#0A9396', '#001219', ['#EE9B00', '#CA6702', '#6BF15C'], 7),
      'creative',
    ),
    storeImage(
      db,
      storage,
      c,
      bannerSvg(1200, 800, '#94D2BD', '#0A9396', ['#E9D8A6', '#005F73'], 11),
      'creative',
    ),
    storeImage(
      db,
      storage,
      c,
      bannerSvg(1200, 630, '#AE2012', '#9B2226', ['#E9D8A6', '#EE9B00', '#6BF15C'], 5),
      'creative',
    ),
    storeImage(
      db,
      storage,
      c,
      bannerSvg(1080, 1350, '#E9D8A6', '#94D2BD', ['#005F73', '#EE9B00'], 13),
      'submission',
    ),
  ]);
  const [launchBanner, hiringCard, , holidayBanner] = await db
    .insert(creatives)
    .values([
      { clientId: c, name: 'Launch banner', url: launchUrl, kind: 'image', tags: ['launch', 'product'] },
      { clientId: c, name: 'Hiring card', url: hiringUrl, kind: 'image', tags: ['careers'] },
      { clientId: c, name: 'Team at work', url: setupUrl, kind: 'image', tags: ['team', 'culture'] },
      { clientId: c, name: 'Holiday banner', url: holidayUrl, kind: 'image', tags: ['holiday', 'campaign'] },
    ])
    .returning();
  const [launchPost, hiringPost, storyPost, holidayPost] = await db
    .insert(templates)
    .values([
      {
        clientId: c,
        name: 'Product launch',
        body: 'Big news from [[company]]: [[product]] is here! I have been using it for weeks and I love how much time it saves. #[[hashtag]] #proudtowork',
        placeholders: [
          { id: 'company', name: 'Company', value: 'Demo' },
          { id: 'product', name: 'Product', value: 'Demo Studio' },
          { id: 'hashtag', name: 'Hashtag', value: 'DemoStudio' },
        ],
        tags: ['launch', 'product'],
      },
      {
        clientId: c,
        name: 'We are hiring',
        body: 'We are hiring! Come build great things with me at Demo. Open roles are on our careers page. #hiring #careers',
        tags: ['careers'],
      },
      {
        clientId: c,
        name: 'Customer story',
        body: 'Loved hearing how [[customer]] uses Demo every day. Stories like this are why I do what I do. #customerlove',
        placeholders: [{ id: 'customer', name: 'Customer', value: '' }],
        tags: ['customers'],
      },
      {
        clientId: c,
        name: 'Holiday greetings',
        body: 'Happy holidays from all of us at Demo! Thank you for a wonderful year. #happyholidays',
        tags: ['holiday'],
      },
    ])
    .returning();

  const [launch, kickoff, onboarding, holiday] = await db
    .insert(projects)
    .values([
      {
        clientId: c,
        name: 'Spring Product Launch',
        description:
          'Help us launch Demo Studio: share the news with your network, tell us what you love and show us your setup.',
        imageUrl: launchUrl,
        startsAt: days(-10),
        endsAt: days(30),
      },
      {
        clientId: c,
        name: 'Sales Kickoff',
        description: 'Tips, pitch practice and a short quiz for the Sales team.',
        audience: 'teams',
        audienceTeamIds: [sales!.id],
        startsAt: days(-5),
        endsAt: days(25),
      },
      {
        clientId: c,
        name: 'Brand Ambassador Onboarding',
        description: 'Everything you need to speak for the brand with confidence.',
        imageUrl: setupUrl,
        startsAt: days(-60),
      },
      {
        clientId: c,
        name: 'Holiday Campaign 2025',
        description: 'Our end-of-year campaign. Thank you to everyone who took part!',
        imageUrl: holidayUrl,
        startsAt: days(-340),
        endsAt: days(-300),
      },
    ])
    .returning();

  const acts = await db
    .insert(activities)
    .values([
      {
        clientId: c,
        projectId: launch!.id,
        type: 'social_post',
        title: 'Share the launch',
        description:
          'Post the launch news on your favourite network. Make it yours: edit the text as you like.',
        points: 50,
        dueAt: days(14),
        config: {
          type: 'social_post',
          template_id: launchPost!.id,
          creative_ids: [launchBanner!.id],
          channels: [],
        },
      },
      {
        clientId: c,
        projectId: launch!.id,
        type: 'social_post',
        title: 'We are hiring',
        description: 'One tap: help us find great colleagues.',
        points: 30,
        dueAt: days(21),
        config: {
          type: 'social_post',
          template_id: hiringPost!.id,
          creative_ids: [hiringCard!.id],
          channels: ['linkedin', 'twitter', 'facebook'],
        },
      },
      {
        clientId: c,
        projectId: launch!.id,
        type: 'general_participation',
        title: 'Your favourite feature',
        points: 10,
        config: {
          type: 'general_participation',
          prompt: 'Which part of Demo Studio do you like most?',
          response: 'choice',
          choices: ['Speed', 'Design', 'Collaboration', 'Price'],
        },
      },
      {
        clientId: c,
        projectId: launch!.id,
        type: 'content_submission',
        title: 'Show us your setup',
        description: 'A photo of where you use Demo Studio. The best ones go on our channels.',
        points: 40,
        dueAt: days(20),
        config: {
          type: 'content_submission',
          prompt: 'Upload a photo of your workspace with Demo Studio on screen.',
          media: 'image',
        },
      },
      {
        clientId: c,
        projectId: kickoff!.id,
        type: 'general_participation',
        title: 'One tip for a new hire',
        points: 15,
        config: {
          type: 'general_participation',
          prompt: 'What is the one thing you wish you had known in your first month?',
          response: 'text',
          choices: [],
        },
      },
      {
        clientId: c,
        projectId: onboarding!.id,
        type: 'training',
        title: 'Brand voice 101',
        description: 'How we sound, in five minutes.',
        points: 25,
        config: {
          type: 'training',
          body: [
            'We sound like **a helpful friend who knows their stuff**: clear, warm and confident.',
            '## Three habits',
            '- Use plain words, short sentences and an active voice.',
            '- Never overpromise: no "guaranteed", no "best ever".',
            '- Always say when a post is about our own company (*#employee*).',
            '> When in doubt, ask yourself: would I say this to a customer in person?',
          ].join('\n\n'),
          video_url: null,
          pdf_url: null,
          quiz: {
            questions: [
              {
                question: 'How should a post about our company be marked?',
                options: ['It does not need to be', 'With #employee or #ad', 'Only in the comments'],
                answer: 1,
              },
              {
                question: 'Which tone fits our brand?',
                options: ['Clear, warm and confident', 'Formal and distant', 'Sarcastic'],
                answer: 0,
              },
            ],
            pass_mark: 50,
          },
        },
      },
      {
        clientId: c,
        projectId: onboarding!.id,
        type: 'training',
        title: 'Social media guidelines',
        points: 15,
        config: {
          type: 'training',
          body: 'Be yourself, be respectful, and keep confidential information confidential.\n\nShare what is public, link to our official pages, and reach out to the community team if a conversation gets heated.',
          video_url: null,
          pdf_url: null,
          quiz: null,
        },
      },
      {
        clientId: c,
        projectId: holiday!.id,
        type: 'social_post',
        title: 'Holiday greetings',
        points: 20,
        config: {
          type: 'social_post',
          template_id: holidayPost!.id,
          creative_ids: [holidayBanner!.id],
          channels: [],
        },
      },
      {
        clientId: c,
        projectId: holiday!.id,
        type: 'content_submission',
        title: 'Your holiday moment',
        points: 30,
        config: {
          type: 'content_submission',
          prompt: 'Share a festive photo from your team.',
          media: 'image',
        },
      },
      {
        clientId: c,
        projectId: launch!.id,
        type: 'social_post',
        title: 'A customer story',
        points: 35,
        dueAt: days(28),
        config: { type: 'social_post', template_id: storyPost!.id, creative_ids: [], channels: ['linkedin'] },
      },
    ])
    .returning();
  const byTitle = Object.fromEntries(acts.map((a) => [a.title, a]));

  await db.insert(projectMembers).values([
    { clientId: c, projectId: launch!.id, userId: member },
    { clientId: c, projectId: onboarding!.id, userId: member },
    { clientId: c, projectId: holiday!.id, userId: member },
    { clientId: c, projectId: launch!.id, userId: returning },
    { clientId: c, projectId: holiday!.id, userId: returning },
  ]);

  // The member's history: a shared holiday post with clicks, an approved holiday photo, a vote on the launch,
  // the "Social media guidelines" training done, and a launch photo waiting for review.
  const [holidayShare] = await db
    .insert(shares)
    .values({
      clientId: c,
      userId: member,
      activityId: byTitle['Holiday greetings']!.id,
      channel: 'linkedin',
      text: 'Happy holidays from all of us at Demo! Thank you for a wonderful year. #happyholidays',
      postUrl: 'https://www.linkedin.com/feed/update/urn:li:activity:demo',
      sharedAt: days(-320),
      clicks: 7,
      createdAt: days(-320),
    })
    .returning();
  await db.insert(shareClicks).values(
    Array.from({ length: 7 }, (_, i) => ({
      clientId: c,
      shareId: holidayShare!.id,
      visitorHash: `demo-visitor-${i}`,
    })),
  );
  const done = await db
    .insert(participations)
    .values([
      {
        clientId: c,
        activityId: byTitle['Holiday greetings']!.id,
        userId: member,
        status: 'completed',
        isComplete: true,
        data: { share_id: holidayShare!.id, channel: 'linkedin', post_url: holidayShare!.postUrl },
        createdAt: days(-320),
      },
      {
        clientId: c,
        activityId: byTitle['Your holiday moment']!.id,
        userId: member,
        status: 'approved',
        isComplete: true,
        data: { caption: 'Our team holiday lunch!', media_urls: [holidayUrl] },
        reviewedAt: days(-315),
        createdAt: days(-318),
      },
      {
        clientId: c,
        activityId: byTitle['Your favourite feature']!.id,
        userId: member,
        status: 'completed',
        isComplete: true,
        data: { choice: 'Design' },
        createdAt: days(-4),
      },
      {
        clientId: c,
        activityId: byTitle['Social media guidelines']!.id,
        userId: member,
        status: 'completed',
        isComplete: true,
        data: {},
        createdAt: days(-40),
      },
      {
        clientId: c,
        activityId: byTitle['Holiday greetings']!.id,
        userId: returning,
        status: 'completed',
        isComplete: true,
        data: { channel: 'facebook', post_url: null },
        createdAt: days(-310),
      },
      {
        clientId: c,
        activityId: byTitle['Your favourite feature']!.id,
        userId: returning,
        status: 'completed',
        isComplete: true,
        data: { choice: 'Speed' },
        createdAt: days(-2),
      },
    ])
    .returning();
  await db.insert(participations).values({
    clientId: c,
    activityId: byTitle['Show us your setup']!.id,
    userId: member,
    status: 'pending',
    data: { caption: 'My desk on launch day, Demo Studio front and centre.', media_urls: [submissionUrl] },
    createdAt: days(-1),
  });
  const pointsOf = Object.fromEntries(acts.map((a) => [a.id, a.points]));
  await db.insert(pointsLedger).values(
    done.map((p) => ({
      clientId: c,
      userId: p.userId,
      points: pointsOf[p.activityId]!,
      projectId: acts.find((a) => a.id === p.activityId)!.projectId,
      source: `participation:${p.id}`,
      createdAt: p.createdAt,
    })),
  );
}

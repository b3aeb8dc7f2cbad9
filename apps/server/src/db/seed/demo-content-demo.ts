import { and, eq } from 'drizzle-orm';
import type { Storage } from '../../lib/storage.ts';
import type { Db } from '../client.ts';
import {
  activities,
  participations,
  pointsLedger,
  projectMembers,
  projects,
  shareClicks,
  shares,
  teams,
} from '../schema/index.ts';
import { clientByName, userId } from './demo-helpers.ts';
import { seedDemoLibrary } from './demo-library.ts';
import { idAt } from './demo-shares.ts';

const days = (n: number) => new Date(Date.now() + n * 86_400_000);

/** Demo's projects of every activity type (one for a team, one ended) and member@demo.test's history in them. */
export async function seedDemoClientContent(db: Db, storage: Storage) {
  const client = await clientByName(db, 'Demo');
  const c = client.id;
  const [sales] = await db
    .select()
    .from(teams)
    .where(and(eq(teams.clientId, c), eq(teams.name, 'Sales')));
  const member = await userId(db, c, 'member@demo.test');
  const returning = await userId(db, c, 'returning@demo.test');

  const {
    launchBanner,
    hiringCard,
    holidayBanner,
    launchPost,
    hiringPost,
    storyPost,
    holidayPost,
    submissionUrl,
    launchUrl,
    setupUrl,
    holidayUrl,
  } = await seedDemoLibrary(db, storage, c);

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
        // Running since before the community's training history (demo-reporting.ts) and shares began.
        startsAt: days(-120),
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
          // Visitors of members' tracked links land on the careers page.
          destination_url: 'https://www.example.com/careers',
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

  // Joined when their history begins (the holiday share is 320 days old).
  await db.insert(projectMembers).values([
    { clientId: c, projectId: launch!.id, userId: member, createdAt: days(-330) },
    { clientId: c, projectId: onboarding!.id, userId: member, createdAt: days(-330) },
    { clientId: c, projectId: holiday!.id, userId: member, createdAt: days(-330) },
    { clientId: c, projectId: launch!.id, userId: returning, createdAt: days(-200) },
    { clientId: c, projectId: holiday!.id, userId: returning, createdAt: days(-200) },
  ]);

  // The member's history: a shared holiday post with clicks, an approved holiday photo, a vote on the launch,
  // the "Social media guidelines" training done, and a launch photo waiting for review.
  const [holidayShare] = await db
    .insert(shares)
    .values({
      // Backdated like its share: the id orders My Posts.
      id: idAt(days(-320)),
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
      createdAt: days(-320 + i * 2),
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

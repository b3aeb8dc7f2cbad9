import type { Storage } from '../../lib/storage.ts';
import type { Db } from '../client.ts';
import { activities, creatives, projectMembers, projects, templates } from '../schema/index.ts';
import { clientByName, storeImage, userId } from './demo-helpers.ts';
import { bannerSvg } from './demo-images.ts';

const days = (n: number) => new Date(Date.now() + n * 86_400_000);

/**
 * Acme's missions, in the client's own words: the summer launch (a post with a placeholder), the countdown before
 * it (a post, over now) and the crew's trainings (one with a quiz). Who took part is demo-activity-acme.ts's.
 */
export async function seedAcmeContent(db: Db, storage: Storage) {
  const client = await clientByName(db, 'Acme');
  const c = client.id;
  const member = await userId(db, c, 'member@acme.test');
  const bannerUrl = await storeImage(
    db,
    storage,
    c,
    bannerSvg(1200, 630, '#C2410C', '#1E3A8A', ['#FDBA74', '#93C5FD'], 17),
    'creative',
  );
  const [banner] = await db
    .insert(creatives)
    .values({ clientId: c, name: 'Summer mission banner', url: bannerUrl, kind: 'image', tags: ['summer'] })
    .returning();
  const [post] = await db
    .insert(templates)
    .values({
      clientId: c,
      name: 'Summer mission',
      body: 'Our crew in [[city]] is taking on the Acme summer mission! Who is joining us? #AcmeCrew',
      placeholders: [{ id: 'city', name: 'City', value: 'Denver' }],
      tags: ['summer'],
    })
    .returning();
  // Dated so that the crew's activity (demo-activity-acme.ts) falls inside each mission: the launch began before
  // this week (its posts are this week's points), the countdown ran over the weeks before it.
  const [summer, training, countdown] = await db
    .insert(projects)
    .values([
      {
        clientId: c,
        name: 'Summer Launch',
        description: 'Spread the word about the Acme summer launch.',
        imageUrl: bannerUrl,
        startsAt: days(-8),
        endsAt: days(40),
      },
      {
        clientId: c,
        name: 'Crew Training',
        description: 'The basics every crew member needs.',
        startsAt: days(-60),
      },
      {
        clientId: c,
        name: 'Launch Countdown',
        description: 'Six weeks of teasers before the summer launch.',
        imageUrl: bannerUrl,
        startsAt: days(-50),
        endsAt: days(-9),
      },
    ])
    .returning();
  await db.insert(activities).values([
    {
      clientId: c,
      projectId: summer!.id,
      type: 'social_post',
      title: 'Announce the summer launch',
      points: 40,
      dueAt: days(20),
      config: { type: 'social_post', template_id: post!.id, creative_ids: [banner!.id], channels: [] },
    },
    {
      clientId: c,
      projectId: summer!.id,
      type: 'social_post',
      title: 'Show your launch day',
      points: 15,
      dueAt: days(20),
      config: { type: 'social_post', template_id: null, creative_ids: [banner!.id], channels: [] },
    },
    {
      clientId: c,
      projectId: training!.id,
      type: 'training',
      title: 'Crew safety basics',
      points: 20,
      config: {
        type: 'training',
        body: 'Safety first: know your exits, wear your gear, and look out for each other.',
        video_url: null,
        pdf_url: null,
        quiz: null,
      },
    },
    {
      clientId: c,
      projectId: training!.id,
      type: 'training',
      title: 'Launch day checklist',
      points: 30,
      config: {
        type: 'training',
        body: 'Before every launch: check the countdown post is approved, tag #AcmeCrew, and answer comments within a day.',
        video_url: null,
        pdf_url: null,
        quiz: {
          questions: [
            {
              question: 'Which tag goes on every launch post?',
              options: ['#AcmeCrew', 'No tag', '#ad only'],
              answer: 0,
            },
            {
              question: 'How soon should comments get an answer?',
              options: ['Within a week', 'Within a day', 'Never'],
              answer: 1,
            },
          ],
          pass_mark: 50,
        },
      },
    },
    {
      clientId: c,
      projectId: countdown!.id,
      type: 'social_post',
      title: 'Share the countdown',
      points: 25,
      config: { type: 'social_post', template_id: null, creative_ids: [banner!.id], channels: [] },
    },
  ]);
  await db.insert(projectMembers).values({ clientId: c, projectId: training!.id, userId: member });
}

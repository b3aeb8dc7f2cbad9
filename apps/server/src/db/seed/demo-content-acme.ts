import type { Storage } from '../../lib/storage.ts';
import type { Db } from '../client.ts';
import { activities, creatives, projectMembers, projects, templates } from '../schema/index.ts';
import { clientByName, storeImage, userId } from './demo-helpers.ts';
import { bannerSvg } from './demo-images.ts';

const days = (n: number) => new Date(Date.now() + n * 86_400_000);

/** Acme's missions: a post with a placeholder and a training, in the client's own words. */
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
  const [summer, training] = await db
    .insert(projects)
    .values([
      {
        clientId: c,
        name: 'Summer Launch',
        description: 'Spread the word about the Acme summer launch.',
        imageUrl: bannerUrl,
        startsAt: days(-3),
        endsAt: days(40),
      },
      {
        clientId: c,
        name: 'Crew Training',
        description: 'The basics every crew member needs.',
        startsAt: days(-30),
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
  ]);
  await db.insert(projectMembers).values({ clientId: c, projectId: training!.id, userId: member });
}

import type { Storage } from '../../lib/storage.ts';
import type { Db } from '../client.ts';
import { creatives, templates } from '../schema/index.ts';
import { storeImage } from './demo-helpers.ts';
import { bannerSvg } from './demo-images.ts';

/**
 * Demo's content library: generated artwork as creatives, post templates with placeholders, and the photo of a
 * Brand Content submission; answers what the projects use.
 */
export async function seedDemoLibrary(db: Db, storage: Storage, c: string) {
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
  return {
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
  };
}

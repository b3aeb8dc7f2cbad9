import type { ApplicationQuestion } from '@rally/shared';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { applicants, applications, teams, users } from '../schema/index.ts';
import { clientByName } from './demo-helpers.ts';

const DAY = 86_400_000;
const daysAgo = (n: number) => new Date(Date.now() - n * DAY);

const QUESTIONS: ApplicationQuestion[] = [
  {
    id: 'why',
    type: 'long_text',
    label: 'Why do you want to join?',
    help: null,
    required: true,
    options: [],
    channel: null,
  },
  {
    id: 'channel',
    type: 'single_choice',
    label: 'Where do you post most?',
    help: null,
    required: true,
    options: ['Instagram', 'LinkedIn', 'TikTok'],
    channel: null,
  },
  {
    id: 'instagram',
    type: 'social_handle',
    label: 'Your Instagram profile',
    help: 'A link such as https://instagram.com/yourname',
    required: false,
    options: [],
    channel: 'instagram',
  },
  {
    id: 'consent',
    type: 'consent',
    label: 'I agree to the programme rules',
    help: null,
    required: true,
    options: [],
    channel: null,
  },
];

const PENDING = [
  {
    first: 'Nina',
    last: 'Patel',
    why: 'I share our products with my running club every week.',
    channel: 'Instagram',
    ago: 2,
  },
  {
    first: 'Omar',
    last: 'Haddad',
    why: 'I write about our industry on LinkedIn and love the brand.',
    channel: 'LinkedIn',
    ago: 5,
  },
  {
    first: 'Lea',
    last: 'Schmidt',
    why: 'My short videos about the brand get thousands of views.',
    channel: 'TikTok',
    ago: 9,
  },
];

/** What applicant@demo.test answered. */
const AVA_ANSWERS = {
  why: 'I post about sustainable fashion every week and already tag the brand in my outfits.',
  channel: 'Instagram',
  instagram: 'https://instagram.com/ava.applies',
  consent: true,
};

/**
 * Applicants (issue 14): the Demo client's open form gets questions and the Marketing team, and a few more people
 * wait in the review queue beside applicant@demo.test.
 */
export async function seedDemoApplicants(db: Db): Promise<void> {
  const client = await clientByName(db, 'Demo');
  const clientId = client.id;
  const [form] = await db.select().from(applications).where(eq(applications.clientId, clientId)).limit(1);
  if (!form) return;
  const [marketing] = await db
    .select({ id: teams.id })
    .from(teams)
    .where(and(eq(teams.clientId, clientId), eq(teams.name, 'Marketing')));
  await db
    .update(applications)
    .set({ questions: QUESTIONS, teamIds: marketing ? [marketing.id] : [] })
    .where(and(eq(applications.id, form.id), eq(applications.clientId, clientId)));
  const [model] = await db
    .select({ id: users.id, passwordHash: users.passwordHash })
    .from(users)
    .where(and(eq(users.clientId, clientId), eq(users.email, 'applicant@demo.test')));
  // applicant@demo.test answered every question, as the form asks (three of four are required).
  if (model) {
    await db
      .update(applicants)
      .set({ answers: AVA_ANSWERS })
      .where(and(eq(applicants.clientId, clientId), eq(applicants.userId, model.id)));
  }
  // Oldest first, so that id order (the queue's) is submission order.
  for (const p of [...PENDING].reverse()) {
    const created = daysAgo(p.ago);
    const [user] = await db
      .insert(users)
      .values({
        clientId,
        email: `${p.first}.${p.last}@example.com`.toLowerCase(),
        passwordHash: model?.passwordHash ?? null,
        firstName: p.first,
        lastName: p.last,
        role: 'APPLICANT',
        emailVerifiedAt: created,
        createdAt: created,
      })
      .returning({ id: users.id });
    await db.insert(applicants).values({
      clientId,
      applicationId: form.id,
      userId: user!.id,
      answers: { why: p.why, channel: p.channel, consent: true },
      createdAt: created,
      updatedAt: created,
    });
  }
}

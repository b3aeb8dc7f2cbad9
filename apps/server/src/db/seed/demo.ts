import { count, eq } from 'drizzle-orm';
import { hashPassword } from '../../lib/secrets.ts';
import type { Storage } from '../../lib/storage.ts';
import type { Db } from '../client.ts';
import {
  applicants,
  applications,
  clientDomains,
  clients,
  contracts,
  notifications,
  teamMembers,
  teams,
  users,
} from '../schema/index.ts';
import { withTransaction } from '../transaction.ts';
import { seedDemoContent } from './demo-content.ts';

/** Password of every demo login. */
export const DEMO_PASSWORD = 'rally-demo';

const DEMO_FEATURES = ['open', 'community', 'chat', 'training', 'leaderboard', 'ecommerce'];
const DEMO_CHANNELS = ['facebook', 'instagram', 'linkedin', 'tiktok', 'twitter'];
const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000);

const CONTRACT_BODY = (name: string, version: number) =>
  `Welcome to the ${name} community app (version ${version} of these terms).\n\n` +
  '1. Share honestly. When you post about the brand, say that you are connected to it (for example with #employee or #ad).\n\n' +
  '2. Respect others. No harassment, hate or spam in posts, comments or chat.\n\n' +
  '3. Your content. Content you submit may be reused by the brand in its channels, with credit where possible.\n\n' +
  '4. Privacy. We keep your profile, activity and points to run the programme; you can ask for your data to be deleted at any time.';

/**
 * Seeds the demo clients "Demo" (host localhost, default) and "Acme" (host 127.0.0.1, white-labelled)
 * with the documented logins and, when given a storage, their projects, library and history (API tests seed
 * only the people, so that each test builds the content it asserts on). Does nothing when any client exists.
 * Returns whether it seeded.
 */
export async function seedDemo(db: Db, content?: { storage: Storage }): Promise<boolean> {
  const [existing] = await db.select({ n: count() }).from(clients);
  if ((existing?.n ?? 0) > 0) return false;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await withTransaction(db, async (tx) => {
    await seedDemoClient(tx, passwordHash);
    await seedAcmeClient(tx, passwordHash);
    if (content) await seedDemoContent(tx, content.storage);
  });
  return true;
}

async function seedDemoClient(db: Db, passwordHash: string) {
  const [client] = await db
    .insert(clients)
    .values({
      name: 'Demo',
      imageUrl: '/brand/demo-logo.svg',
      homeImageUrl: '/brand/demo-home.svg',
      features: DEMO_FEATURES,
      channels: DEMO_CHANNELS,
      isDefault: true,
      config: { terms_url: null, i18n_namespace: null },
    })
    .returning();
  const clientId = client!.id;
  await db.insert(clientDomains).values({ host: 'localhost', clientId, isPrimary: true });
  const [oldContract, currentContract] = await db
    .insert(contracts)
    .values([
      { clientId, version: 1, title: 'Community terms', body: CONTRACT_BODY('Demo', 1) },
      { clientId, version: 2, title: 'Community terms', body: CONTRACT_BODY('Demo', 2) },
    ])
    .returning();
  await db.update(clients).set({ contractId: currentContract!.id }).where(eq(clients.id, clientId));
  const teamRows = await db
    .insert(teams)
    .values(['Marketing', 'Sales', 'Customer Success', 'Field Crew'].map((name) => ({ clientId, name })))
    .returning();
  const [marketing, sales] = teamRows;
  const current = currentContract!.id;
  const base = { clientId, passwordHash, emailVerifiedAt: daysAgo(120), createdAt: daysAgo(120) };
  const onboarded = { onboardedAt: daysAgo(100), contractId: current, contractAgreedAt: daysAgo(100) };
  const people = await db
    .insert(users)
    .values([
      {
        ...base,
        ...onboarded,
        email: 'admin@demo.test',
        firstName: 'Alex',
        lastName: 'Admin',
        role: 'ADMIN',
        city: 'Amsterdam',
        country: 'Netherlands',
      },
      {
        ...base,
        ...onboarded,
        email: 'lead@demo.test',
        firstName: 'Lee',
        lastName: 'Lead',
        role: 'ANALYST',
        teamTags: [sales!.id],
        city: 'Berlin',
        country: 'Germany',
      },
      {
        ...base,
        ...onboarded,
        email: 'member@demo.test',
        firstName: 'Maya',
        lastName: 'Member',
        city: 'Austin',
        state: 'Texas',
        country: 'United States',
        bio: 'Coffee, trail runs and telling people about things I love.',
      },
      {
        ...base,
        email: 'newbie@demo.test',
        firstName: 'Noah',
        lastName: 'Newbie',
        contractId: oldContract!.id,
      },
      {
        ...base,
        email: 'returning@demo.test',
        firstName: 'Rita',
        lastName: 'Returning',
        onboardedAt: daysAgo(300),
        contractId: oldContract!.id,
        contractAgreedAt: daysAgo(300),
      },
      {
        ...base,
        email: 'fresh@demo.test',
        firstName: 'Finn',
        lastName: 'Fresh',
        contractId: current,
        contractAgreedAt: daysAgo(1),
      },
      { ...base, email: 'applicant@demo.test', firstName: 'Ava', lastName: 'Applicant', role: 'APPLICANT' },
    ])
    .returning();
  const byEmail = Object.fromEntries(people.map((u) => [u.email, u]));
  await db.insert(teamMembers).values([
    { clientId, teamId: marketing!.id, userId: byEmail['member@demo.test']!.id },
    { clientId, teamId: sales!.id, userId: byEmail['lead@demo.test']!.id },
    { clientId, teamId: marketing!.id, userId: byEmail['returning@demo.test']!.id },
  ]);
  const [form] = await db
    .insert(applications)
    .values({
      clientId,
      title: 'Brand Ambassador Programme 2026',
      description: 'Tell us why you love the brand and how you share it.',
    })
    .returning();
  await db.insert(applicants).values({
    clientId,
    applicationId: form!.id,
    userId: byEmail['applicant@demo.test']!.id,
    status: 'pending',
  });
  const memberId = byEmail['member@demo.test']!.id;
  await db.insert(notifications).values([
    {
      clientId,
      userId: memberId,
      kind: 'welcome',
      title: 'Welcome to Demo!',
      body: 'Start by exploring the Projects open to you.',
      link: '/projects',
      readAt: daysAgo(90),
      handledAt: daysAgo(90),
      createdAt: daysAgo(99),
    },
    {
      clientId,
      userId: memberId,
      kind: 'team',
      title: 'You joined Marketing',
      body: 'See who else is on your Team.',
      link: '/community/teams',
      createdAt: daysAgo(3),
    },
    {
      clientId,
      userId: memberId,
      kind: 'profile',
      title: 'Complete your profile',
      body: 'Add a photo so your Team recognises you.',
      link: '/profile',
      createdAt: daysAgo(1),
    },
  ]);
}

async function seedAcmeClient(db: Db, passwordHash: string) {
  const [client] = await db
    .insert(clients)
    .values({
      name: 'Acme',
      imageUrl: '/brand/acme-logo.svg',
      homeImageUrl: '/brand/acme-logo.svg',
      // Chat too (issue 12): Acme's crew talk in their own team channels.
      features: ['community', 'leaderboard', 'training', 'chat'],
      channels: ['instagram', 'linkedin', 'twitter'],
      config: {
        primary_color: '#C2410C',
        secondary_color: '#1E3A8A',
        terms_url: 'https://example.com/acme/terms',
        home_image: { class: 'rounded-xl', width: 96, height: 96 },
        project: { singular: 'Mission', plural: 'Missions' },
        team: { singular: 'Squad', plural: 'Squads' },
        role_labels: {
          user: 'Crew Member',
          lead: 'Squad Captain',
          teamLead: 'Squad Captain',
          admin: 'Mission Control',
          teamAdmin: 'Squad Admin',
        },
        i18n_namespace: 'acme',
        white_label: true,
        community_variant: 'white_label',
      },
    })
    .returning();
  const clientId = client!.id;
  await db.insert(clientDomains).values({ host: '127.0.0.1', clientId, isPrimary: true });
  const [contract] = await db
    .insert(contracts)
    .values({ clientId, version: 1, title: 'Acme crew agreement', body: CONTRACT_BODY('Acme', 1) })
    .returning();
  await db.update(clients).set({ contractId: contract!.id }).where(eq(clients.id, clientId));
  const [squad] = await db.insert(teams).values({ clientId, name: 'Rocket Squad' }).returning();
  const base = {
    clientId,
    passwordHash,
    emailVerifiedAt: daysAgo(60),
    onboardedAt: daysAgo(50),
    contractId: contract!.id,
    contractAgreedAt: daysAgo(50),
  };
  const [, member] = await db
    .insert(users)
    .values([
      { ...base, email: 'admin@acme.test', firstName: 'Ada', lastName: 'Acme', role: 'ADMIN' },
      {
        ...base,
        email: 'member@acme.test',
        firstName: 'Milo',
        lastName: 'Crew',
        city: 'Denver',
        state: 'Colorado',
        country: 'United States',
      },
    ])
    .returning();
  await db.insert(teamMembers).values({ clientId, teamId: squad!.id, userId: member!.id });
}

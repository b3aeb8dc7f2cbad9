import { and, eq, inArray } from 'drizzle-orm';
import type { Storage } from '../../lib/storage.ts';
import type { Db } from '../client.ts';
import { clients, follows, teamMembers, teams, users } from '../schema/index.ts';
import { storeImage } from './demo-helpers.ts';

const DAY = 86_400_000;
const daysAgo = (n: number) => new Date(Date.now() - n * DAY);

interface DemoPerson {
  first: string;
  last: string;
  city: string;
  state?: string;
  country: string;
  bio: string;
  team: string;
  /** Two colours of the avatar's background. */
  colors: [string, string];
  /** Whether they and member@demo.test follow each other: 'both', 'they' (follow Maya) or 'maya'. */
  follows?: 'both' | 'they' | 'maya';
}

const DEMO_PEOPLE: DemoPerson[] = [
  {
    first: 'Sofia',
    last: 'Martinez',
    city: 'Madrid',
    country: 'Spain',
    bio: 'Brand storyteller. Tapas enthusiast.',
    team: 'Marketing',
    colors: ['#0A9396', '#005F73'],
    follows: 'both',
  },
  {
    first: 'Daniel',
    last: 'Okafor',
    city: 'Lagos',
    country: 'Nigeria',
    bio: 'Campaign planner who loves a good spreadsheet.',
    team: 'Marketing',
    colors: ['#EE9B00', '#CA6702'],
    follows: 'they',
  },
  {
    first: 'Hannah',
    last: 'Schmidt',
    city: 'Munich',
    country: 'Germany',
    bio: 'Social media lead. Weekend climber.',
    team: 'Marketing',
    colors: ['#94D2BD', '#0A9396'],
    follows: 'maya',
  },
  {
    first: 'Marcus',
    last: 'Chen',
    city: 'Seattle',
    state: 'Washington',
    country: 'United States',
    bio: 'Closing deals and sharing wins.',
    team: 'Sales',
    colors: ['#005F73', '#001219'],
    follows: 'both',
  },
  {
    first: 'Priya',
    last: 'Nair',
    city: 'Bengaluru',
    country: 'India',
    bio: 'Enterprise accounts. Chai over coffee.',
    team: 'Sales',
    colors: ['#AE2012', '#9B2226'],
  },
  {
    first: 'Lucas',
    last: 'Dubois',
    city: 'Lyon',
    country: 'France',
    bio: 'Partnerships, cycling and bread.',
    team: 'Sales',
    colors: ['#BB3E03', '#AE2012'],
    follows: 'they',
  },
  {
    first: 'Amara',
    last: 'Johnson',
    city: 'Atlanta',
    state: 'Georgia',
    country: 'United States',
    bio: 'Making customers happy since 2015.',
    team: 'Customer Success',
    colors: ['#6BF15C', '#0A9396'],
    follows: 'both',
  },
  {
    first: 'Kenji',
    last: 'Watanabe',
    city: 'Osaka',
    country: 'Japan',
    bio: 'Support engineer and ramen critic.',
    team: 'Customer Success',
    colors: ['#E9D8A6', '#EE9B00'],
  },
  {
    first: 'Elena',
    last: 'Rossi',
    city: 'Milan',
    country: 'Italy',
    bio: 'Onboarding guru. Ask me anything.',
    team: 'Customer Success',
    colors: ['#9B2226', '#5A189A'],
    follows: 'maya',
  },
  {
    first: 'Tom',
    last: 'Becker',
    city: 'Denver',
    state: 'Colorado',
    country: 'United States',
    bio: 'On the road with the Field Crew.',
    team: 'Field Crew',
    colors: ['#3A86FF', '#005F73'],
  },
  {
    first: 'Grace',
    last: 'Kim',
    city: 'Toronto',
    state: 'Ontario',
    country: 'Canada',
    bio: 'Event setups, sunrise photos.',
    team: 'Field Crew',
    colors: ['#FF006E', '#8338EC'],
    follows: 'they',
  },
  {
    first: 'Olivia',
    last: 'Brown',
    city: 'Manchester',
    country: 'United Kingdom',
    bio: 'Demo days and happy customers.',
    team: 'Field Crew',
    colors: ['#FB5607', '#FFBE0B'],
  },
];

const ACME_PEOPLE: DemoPerson[] = [
  {
    first: 'Nova',
    last: 'Reyes',
    city: 'Houston',
    state: 'Texas',
    country: 'United States',
    bio: 'Launch day is my favourite day.',
    team: 'Rocket Squad',
    colors: ['#C2410C', '#7C2D12'],
  },
  {
    first: 'Orion',
    last: 'Patel',
    city: 'Phoenix',
    state: 'Arizona',
    country: 'United States',
    bio: 'Telemetry and tacos.',
    team: 'Rocket Squad',
    colors: ['#1E3A8A', '#0F172A'],
  },
  {
    first: 'Luna',
    last: 'Andersson',
    city: 'Kiruna',
    country: 'Sweden',
    bio: 'Northern lights chaser.',
    team: 'Comet Squad',
    colors: ['#F97316', '#1E3A8A'],
  },
  {
    first: 'Atlas',
    last: 'Mwangi',
    city: 'Nairobi',
    country: 'Kenya',
    bio: 'Building the next mission patch.',
    team: 'Comet Squad',
    colors: ['#0EA5E9', '#1E3A8A'],
  },
];

/** A round-cornered portrait: gradient, a soft head-and-shoulders shape and the person's initials. */
function avatarSvg(p: DemoPerson): string {
  const initials = `${p.first[0]}${p.last[0]}`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256" viewBox="0 0 256 256">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${p.colors[0]}"/><stop offset="1" stop-color="${p.colors[1]}"/></linearGradient></defs>
<rect width="256" height="256" fill="url(#g)"/>
<circle cx="128" cy="104" r="46" fill="#ffffff" opacity="0.22"/>
<path d="M40 256c8-52 44-80 88-80s80 28 88 80z" fill="#ffffff" opacity="0.22"/>
<text x="128" y="150" text-anchor="middle" font-family="Helvetica, Arial, sans-serif" font-size="92" font-weight="700" fill="#ffffff">${initials}</text></svg>`;
}

/** A team's square picture: gradient with a ring of dots. */
function teamSvg(from: string, to: string): string {
  const dots = [0, 1, 2, 3, 4, 5]
    .map((i) => {
      const a = (i / 6) * Math.PI * 2;
      return `<circle cx="${Math.round(128 + Math.cos(a) * 64)}" cy="${Math.round(128 + Math.sin(a) * 64)}" r="22" fill="#ffffff" opacity="${0.45 + i * 0.08}"/>`;
    })
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256" viewBox="0 0 256 256">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
<rect width="256" height="256" fill="url(#g)"/>${dots}<circle cx="128" cy="128" r="30" fill="#ffffff"/></svg>`;
}

const TEAM_LOOKS: Record<string, { from: string; to: string; description: string; hidden?: boolean }> = {
  Marketing: { from: '#0A9396', to: '#005F73', description: 'Campaigns, content and the stories we tell.' },
  Sales: { from: '#EE9B00', to: '#BB3E03', description: 'Everyone who brings new customers on board.' },
  'Customer Success': {
    from: '#6BF15C',
    to: '#0A9396',
    description: 'Helping customers get the most out of us.',
  },
  'Field Crew': { from: '#3A86FF', to: '#8338EC', description: 'Events, demos and visits on the road.' },
  'Rocket Squad': { from: '#C2410C', to: '#7C2D12', description: 'First to launch, first to share.' },
  'Comet Squad': { from: '#1E3A8A', to: '#0EA5E9', description: 'Fast movers across every mission.' },
};

/**
 * Extra members for both demo clients (names, places, bios, generated avatars) spread over their teams, team
 * pictures and descriptions, and follows in both directions with member@demo.test (issue 4).
 */
export async function seedDemoPeople(db: Db, storage: Storage): Promise<void> {
  await seedClientPeople(db, storage, 'Demo', 'demo.test', DEMO_PEOPLE);
  await seedClientPeople(db, storage, 'Acme', 'acme.test', ACME_PEOPLE);
}

async function seedClientPeople(
  db: Db,
  storage: Storage,
  clientName: string,
  domain: string,
  people: DemoPerson[],
) {
  const [client] = await db.select().from(clients).where(eq(clients.name, clientName));
  if (!client) return;
  const clientId = client.id;
  const [member] = await db
    .select()
    .from(users)
    .where(and(eq(users.clientId, clientId), eq(users.email, `member@${domain}`)));
  if (!member) return;

  // Teams the seed needs that the client does not have yet (Acme gains a second squad).
  const wanted = [...new Set(people.map((p) => p.team))];
  const existing = await db
    .select()
    .from(teams)
    .where(and(eq(teams.clientId, clientId), inArray(teams.name, wanted)));
  const missing = wanted.filter((name) => !existing.some((t) => t.name === name));
  if (missing.length > 0) {
    existing.push(
      ...(await db
        .insert(teams)
        .values(missing.map((name) => ({ clientId, name })))
        .returning()),
    );
  }
  const allTeams = await db.select().from(teams).where(eq(teams.clientId, clientId));
  for (const team of allTeams) {
    const look = TEAM_LOOKS[team.name];
    if (!look) continue;
    const imageUrl = await storeImage(db, storage, clientId, teamSvg(look.from, look.to), 'team-image');
    await db.update(teams).set({ imageUrl, description: look.description }).where(eq(teams.id, team.id));
  }
  const teamByName = new Map(existing.map((t) => [t.name, t.id]));

  for (const [i, p] of people.entries()) {
    const imageUrl = await storeImage(db, storage, clientId, avatarSvg(p), 'avatar');
    const created = daysAgo(90 - i * 5);
    const [row] = await db
      .insert(users)
      .values({
        clientId,
        email: `${p.first}.${p.last}@${domain}`.toLowerCase(),
        passwordHash: member.passwordHash,
        firstName: p.first,
        lastName: p.last,
        city: p.city,
        state: p.state ?? null,
        country: p.country,
        bio: p.bio,
        imageUrl,
        emailVerifiedAt: created,
        onboardedAt: created,
        contractId: client.contractId,
        contractAgreedAt: created,
        createdAt: created,
      })
      .returning({ id: users.id });
    await db.insert(teamMembers).values({ clientId, teamId: teamByName.get(p.team)!, userId: row!.id });
    const pairs: { followerId: string; followeeId: string }[] = [];
    if (p.follows === 'both' || p.follows === 'they')
      pairs.push({ followerId: row!.id, followeeId: member.id });
    if (p.follows === 'both' || p.follows === 'maya')
      pairs.push({ followerId: member.id, followeeId: row!.id });
    if (pairs.length > 0) {
      await db
        .insert(follows)
        .values(pairs.map((pair) => ({ clientId, ...pair, createdAt: daysAgo(30 - i) })));
    }
  }
}

import { randomInt } from 'node:crypto';
import { getDisplayName, type NotificationMessage } from '@rally/shared';
import { sql } from 'drizzle-orm';
import { UUID } from 'uuidv7';
import type { Storage } from '../../lib/storage.ts';
import { englishOf } from '../../modules/notifications/notification-texts.ts';
import { getProjectWord } from '../../modules/notifications/notifications.repository.ts';
import { type Db, selectRows } from '../client.ts';
import { notifications } from '../schema/index.ts';

interface Person {
  id: string;
  email: string;
  username: string | null;
  display_username: boolean;
  first_name: string | null;
  last_name: string | null;
}

const HOUR = 3600_000;

/** A UUIDv7 of a past moment, so a seeded notification sorts (by id) where its date says. */
const idAt = (at: Date) =>
  UUID.fromFieldsV7(
    at.getTime(),
    randomInt(0, 4096),
    randomInt(0, 2 ** 30),
    randomInt(0, 2 ** 32),
  ).toString();

const nameOf = (p: Person) => getDisplayName(p);

/**
 * A seeded notification's title (and body, when the message names a body key) as the app would store it: the
 * English of its message, which a Spanish member reads in Spanish (issue 14).
 */
function says(message: NotificationMessage, body: string | null = null) {
  const english = englishOf(message);
  return { message, title: english.title, body: english.body ?? body };
}

async function first<T>(db: Db, query: ReturnType<typeof sql>): Promise<T | undefined> {
  return (await selectRows<T>(db, query))[0];
}

/**
 * Notifications of every kind for member@demo.test (the newest four unread) and a few for admin@demo.test,
 * pointing at content seeded before them (posts, follows, reviews, projects) where it exists, so opening
 * one lands somewhere real. Actors are the client's other members. Each carries its message, as the app's
 * notify() calls do, so a member who chose Spanish reads them in Spanish.
 */
export async function seedDemoNotifications(db: Db, _storage: Storage): Promise<void> {
  const client = await first<{ id: string; name: string }>(
    db,
    sql`select id, name from clients where name = 'Demo'`,
  );
  if (!client) return;
  const c = client.id;
  const people = await selectRows<Person>(
    db,
    sql`select id, email, username, display_username, first_name, last_name from users
        where client_id = ${c} and is_active and role <> 'APPLICANT' and onboarded_at is not null order by email`,
  );
  const member = people.find((p) => p.email === 'member@demo.test');
  const admin = people.find((p) => p.email === 'admin@demo.test');
  if (!member || !admin) return;
  const others = people.filter((p) => p.id !== member.id && p.id !== admin.id);
  const actor = (i: number) => others[i % Math.max(others.length, 1)] ?? admin;

  const memberPost = await first<{ id: string }>(
    db,
    sql`select id from posts where client_id = ${c} and author_id = ${member.id} and team_id is null
        and status = 'published' order by id desc limit 1`,
  );
  const mention = await first<{ id: string; author_id: string }>(
    db,
    sql`select id, author_id from posts where client_id = ${c} and mentions ? ${member.id}
        and status = 'published' order by id desc limit 1`,
  );
  const teamPost = await first<{ id: string; team_id: string; name: string }>(
    db,
    sql`select p.id, p.team_id, t.name from posts p join teams t on t.id = p.team_id
        join team_members tm on tm.team_id = p.team_id and tm.user_id = ${member.id}
        where p.client_id = ${c} order by p.id desc limit 1`,
  );
  const follower = await first<{ follower_id: string }>(
    db,
    sql`select follower_id from follows where client_id = ${c} and followee_id = ${member.id} limit 1`,
  );
  const review = (status: string) =>
    first<{ project_id: string; activity_id: string; title: string; points: number; reason: string | null }>(
      db,
      sql`select a.project_id, a.id as activity_id, a.title, a.points, pa.reject_reason as reason
          from participations pa join activities a on a.id = pa.activity_id
          where pa.client_id = ${c} and pa.user_id = ${member.id} and a.type = 'content_submission'
            and pa.status = ${status} order by pa.id desc limit 1`,
    );
  const [approved, rejected] = [await review('approved'), await review('rejected')];
  const anyActivity = await first<{
    project_id: string;
    activity_id: string;
    title: string;
    project: string;
  }>(
    db,
    sql`select a.project_id, a.id as activity_id, a.title, p.name as project from activities a
        join projects p on p.id = a.project_id
        join project_members pm on pm.project_id = p.id and pm.user_id = ${member.id}
        where a.client_id = ${c} and a.archived_at is null and p.archived_at is null order by a.id desc limit 1`,
  );
  const project = await first<{ id: string; name: string }>(
    db,
    sql`select id, name from projects where client_id = ${c} and archived_at is null and audience = 'open'
        order by id desc limit 1`,
  );

  const byId = (id: string | undefined) => people.find((p) => p.id === id);
  const postLink = (id: string | undefined) => (id ? `/community/feed?post=${id}` : '/community/feed');
  const activityLink = (r: { project_id: string; activity_id: string } | undefined) =>
    r ? `/projects/${r.project_id}/activities/${r.activity_id}` : '/projects';
  const mentioner = byId(mention?.author_id) ?? actor(0);
  const followerPerson = byId(follower?.follower_id) ?? actor(3);

  const word = (await getProjectWord(db, { clientId: c })).toLowerCase();
  // Newest first; hours ago. The first four stay unread.
  const forMember = [
    {
      hours: 1,
      kind: 'comment',
      actor: actor(1),
      ...says(
        { key: 'comment', params: { actor: nameOf(actor(1)) } },
        'Love this — can you share the deck with the team?',
      ),
      link: postLink(memberPost?.id),
    },
    {
      hours: 3,
      kind: 'mention',
      actor: mentioner,
      ...says(
        { key: 'mention_post', params: { actor: nameOf(mentioner) } },
        'Thanks for the launch photos, they were a hit!',
      ),
      link: postLink(mention?.id),
    },
    {
      hours: 6,
      kind: 'participation_approved',
      actor: admin,
      ...says({
        key: 'participation_approved',
        ...(approved && approved.points > 0 && { body_key: 'points_earned' }),
        params: { activity: approved?.title ?? 'Show the product', points: String(approved?.points ?? 0) },
      }),
      link: activityLink(approved),
    },
    {
      hours: 20,
      kind: 'new_activity',
      actor: admin,
      ...says({
        key: 'new_activity',
        params: {
          project: anyActivity?.project ?? 'Spring campaign',
          activity: anyActivity?.title ?? 'Share the launch',
        },
      }),
      link: activityLink(anyActivity),
    },
    {
      hours: 30,
      kind: 'reaction',
      actor: actor(2),
      ...says({ key: 'reaction', params: { actor: nameOf(actor(2)) } }),
      link: postLink(memberPost?.id),
    },
    {
      hours: 40,
      kind: 'chat_message',
      actor: actor(0),
      ...says(
        { key: 'chat_direct', params: { actor: nameOf(actor(0)) } },
        'Your launch photos were a hit on LinkedIn',
      ),
      link: '/chat',
    },
    {
      hours: 50,
      kind: 'follow',
      actor: followerPerson,
      ...says({ key: 'follow', params: { actor: nameOf(followerPerson) } }),
      link: `/people/${followerPerson.id}`,
    },
    {
      hours: 75,
      kind: 'team_announcement',
      actor: admin,
      ...says(
        { key: 'team_announcement', params: { actor: nameOf(admin) } },
        'Team lunch on Friday — bring your best campaign idea.',
      ),
      link: teamPost ? `/community/teams/${teamPost.team_id}?post=${teamPost.id}` : '/community/teams',
    },
    {
      hours: 90,
      kind: 'badge_earned',
      actor: admin,
      ...says({ key: 'badge_earned', params: { badge: 'Community Champion' } }, 'Hosted the spring meetup'),
      link: '/performance/badges',
    },
    {
      hours: 110,
      kind: 'participation_rejected',
      actor: admin,
      ...says(
        { key: 'participation_rejected', params: { activity: rejected?.title ?? 'Show the product' } },
        rejected?.reason ?? 'The product is hard to see — try again in daylight.',
      ),
      link: activityLink(rejected),
    },
    {
      hours: 150,
      kind: 'new_project',
      actor: admin,
      ...says({
        key: 'new_project',
        params: { project_word: word, project: project?.name ?? 'Spring campaign' },
      }),
      link: project ? `/projects/${project.id}` : '/projects',
    },
    {
      // Maya joined through the application form (issue 14).
      hours: 2000,
      kind: 'application_update',
      actor: admin,
      ...says({ key: 'application_approved', params: { application: 'Brand Ambassador Programme 2026' } }),
      link: '/',
    },
  ];
  const forAdmin = [
    {
      hours: 2,
      kind: 'follow',
      actor: member,
      ...says({ key: 'follow', params: { actor: nameOf(member) } }),
      link: `/people/${member.id}`,
    },
    {
      hours: 9,
      kind: 'comment',
      actor: actor(1),
      ...says({ key: 'comment', params: { actor: nameOf(actor(1)) } }, 'Count me in!'),
      link: '/community/feed',
    },
    {
      hours: 40,
      kind: 'reaction',
      actor: member,
      ...says({ key: 'reaction', params: { actor: nameOf(member) } }),
      link: '/community/feed',
    },
  ];

  const now = Date.now();
  const rows = [
    ...forMember.map((n, i) => ({ ...n, userId: member.id, isRead: i >= 4 })),
    ...forAdmin.map((n, i) => ({ ...n, userId: admin.id, isRead: i >= 1 })),
  ].map((n) => {
    const at = new Date(now - n.hours * HOUR);
    return {
      id: idAt(at),
      clientId: c,
      userId: n.userId,
      kind: n.kind,
      title: n.title,
      body: n.body,
      message: n.message,
      link: n.link,
      actorId: n.actor.id,
      readAt: n.isRead ? new Date(at.getTime() + HOUR) : null,
      handledAt: n.isRead ? new Date(at.getTime() + HOUR) : null,
      createdAt: at,
    };
  });
  await db.insert(notifications).values(rows);
  // The foundation's seeded notices were given past dates but ids of the seeding time; the list is ordered by
  // id, so they get ids of their dates too, and their message where their words are the catalog's.
  const older = await selectRows<{
    id: string;
    kind: string;
    title: string;
    body: string | null;
    created_at: Date | string;
  }>(
    db,
    sql`select id, kind, title, body, created_at from notifications where client_id = ${c} and actor_id is null`,
  );
  for (const n of older) {
    const message = foundationMessage(n, client.name);
    await db.execute(
      sql`update notifications set id = ${idAt(new Date(n.created_at))},
            message = ${message ? JSON.stringify(message) : null}::jsonb
          where id = ${n.id}`,
    );
  }
}

/**
 * The message of one of the foundation's notices (demo.ts: welcome, team, profile), when its English is the
 * catalog's word for word; else none, and it stays English.
 */
function foundationMessage(
  n: { kind: string; title: string; body: string | null },
  clientName: string,
): NotificationMessage | null {
  const team = /^You joined (.+)$/.exec(n.title)?.[1];
  const candidates: Record<string, NotificationMessage> = {
    welcome: { key: 'welcome', body_key: 'welcome_text', params: { client: clientName } },
    team: { key: 'team_joined', body_key: 'team_joined_text', params: { team: team ?? '' } },
    profile: { key: 'complete_profile', body_key: 'complete_profile_text', params: {} },
  };
  const message = Object.hasOwn(candidates, n.kind) ? candidates[n.kind] : undefined;
  if (!message) return null;
  const english = englishOf(message);
  return english.title === n.title && english.body === n.body ? message : null;
}

import { randomInt } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { UUID } from 'uuidv7';
import type { Storage } from '../../lib/storage.ts';
import { type Db, selectRows } from '../client.ts';
import {
  chatBroadcastDeliveries,
  chatBroadcasts,
  chatCannedReplies,
  chatConversations,
  chatMembers,
  chatMessages,
  chatThreadReads,
  users,
} from '../schema/index.ts';
import { clientByName } from './demo-helpers.ts';

const HOUR = 3600_000;

/** A UUIDv7 of a past moment, so a seeded message sorts (by id) where its date says. */
const idAt = (at: Date) =>
  UUID.fromFieldsV7(
    at.getTime(),
    randomInt(0, 4096),
    randomInt(0, 2 ** 30),
    randomInt(0, 2 ** 32),
  ).toString();

async function people(db: Db, clientId: string, emails: string[]) {
  const rows = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(and(eq(users.clientId, clientId), inArray(users.email, emails)));
  return Object.fromEntries(rows.map((r) => [r.email!, r.id]));
}

/** The channel of the client's team of this name (made by the database with the team). */
const teamChannel = (db: Db, clientId: string, name: string) =>
  selectRows<{ id: string }>(
    db,
    sql`select c.id from chat_conversations c join teams t on t.id = c.team_id
        where t.client_id = ${clientId} and t.name = ${name}`,
  );

/** Writes conversations and messages as the app would have, at past moments. */
function writer(db: Db, clientId: string) {
  return {
    async conversation(input: {
      kind: 'direct' | 'group' | 'brand';
      memberIds: string[];
      title?: string;
      memberId?: string;
      assigneeId?: string;
      hoursAgo: number;
    }) {
      const id = idAt(new Date(Date.now() - input.hoursAgo * HOUR));
      await db.insert(chatConversations).values({
        id,
        clientId,
        kind: input.kind,
        title: input.title ?? null,
        directKey: input.kind === 'direct' ? [...input.memberIds].sort().join(':') : null,
        memberId: input.memberId ?? null,
        assigneeId: input.assigneeId ?? null,
        activityId: id,
      });
      await db
        .insert(chatMembers)
        .values(input.memberIds.map((userId) => ({ clientId, conversationId: id, userId })));
      return id;
    },
    /** A message (a reply when `parentId` is given), moving its conversation and thread as the app does. */
    async message(
      conversationId: string,
      authorId: string,
      body: string,
      hoursAgo: number,
      parentId?: string,
    ) {
      const at = new Date(Date.now() - hoursAgo * HOUR);
      const id = idAt(at);
      await db.insert(chatMessages).values({
        id,
        clientId,
        conversationId,
        authorId,
        body,
        parentId: parentId ?? null,
        createdAt: at,
      });
      await db.execute(
        sql`update chat_conversations set activity_id = greatest(activity_id, ${id}::uuid)
            ${parentId ? sql`` : sql`, last_message_id = ${id}::uuid`} where id = ${conversationId}`,
      );
      if (parentId) {
        await db.execute(
          sql`update chat_messages set reply_count = reply_count + 1, last_reply_at = ${at} where id = ${parentId}`,
        );
      }
      return id;
    },
    /** Everyone of the conversation has read it all (the demo then marks what stays unread). */
    async readAll(conversationId: string) {
      await db.execute(
        sql`update chat_members set last_read_message_id = c.last_message_id from chat_conversations c
            where c.id = chat_members.conversation_id and c.id = ${conversationId}`,
      );
    },
    async read(conversationId: string, userId: string, messageId: string) {
      await db
        .update(chatMembers)
        .set({ lastReadMessageId: messageId })
        .where(and(eq(chatMembers.conversationId, conversationId), eq(chatMembers.userId, userId)));
    },
    async follow(conversationId: string, rootId: string, userId: string, readUpTo: string | null) {
      await db
        .insert(chatThreadReads)
        .values({ clientId, conversationId, rootId, userId, lastReadMessageId: readUpTo })
        .onConflictDoUpdate({
          target: [chatThreadReads.rootId, chatThreadReads.userId],
          set: { lastReadMessageId: readUpTo },
        });
    },
  };
}

/**
 * Chat for the demo (issue 12): member@demo.test has a direct conversation with unread messages, a Marketing channel
 * thread with unread replies, and their brand-team line with an unread answer from admin@demo.test (assigned to
 * them); Marcus Chen's question waits unassigned in the inbox (also for lead@demo.test, who leads Sales). Acme's
 * squads talk in their own team channels.
 */
export async function seedDemoChat(db: Db, _storage: Storage): Promise<void> {
  const demo = await clientByName(db, 'Demo');
  if (demo) await seedDemo(db, demo.id);
  const acme = await clientByName(db, 'Acme');
  if (acme) await seedAcme(db, acme.id);
}

async function seedDemo(db: Db, c: string) {
  const p = await people(db, c, [
    'member@demo.test',
    'admin@demo.test',
    'sofia.martinez@demo.test',
    'daniel.okafor@demo.test',
    'hannah.schmidt@demo.test',
    'marcus.chen@demo.test',
  ]);
  const maya = p['member@demo.test'];
  const admin = p['admin@demo.test'];
  const sofia = p['sofia.martinez@demo.test'];
  const daniel = p['daniel.okafor@demo.test'];
  const hannah = p['hannah.schmidt@demo.test'];
  const marcus = p['marcus.chen@demo.test'];
  if (!maya || !admin || !sofia || !daniel || !hannah || !marcus) return;
  const w = writer(db, c);

  // Maya and Sofia: the last two messages are new to Maya.
  const dm = await w.conversation({ kind: 'direct', memberIds: [maya, sofia], hoursAgo: 80 });
  await w.message(dm, sofia, 'Hey Maya! Your launch photos were a hit on LinkedIn 🎉', 30);
  const mayaLast = await w.message(dm, maya, 'Thank you! The light at the venue did most of the work.', 29);
  await w.message(dm, sofia, 'Could you share the deck you used? #launch', 3);
  await w.message(dm, sofia, 'And coffee on Thursday to plan the next one?', 2);
  await w.readAll(dm);
  await w.read(dm, maya, mayaLast);

  // The Marketing channel (made with the team; its members follow the team): a thread under Maya's question.
  const [marketing] = await teamChannel(db, c, 'Marketing');
  if (marketing) {
    const channel = marketing.id;
    await w.message(channel, hannah, 'Morning team! The spring content calendar is in the library now.', 50);
    await w.message(channel, daniel, 'Great, I will plan the posts for the first two weeks.', 49);
    const question = await w.message(
      channel,
      maya,
      'Who is joining the booth at the trade fair on Friday?',
      26,
    );
    const first = await w.message(channel, sofia, 'Count me in for the morning shift!', 25, question);
    await w.message(channel, daniel, 'I can do the afternoon. Bring the banner?', 4, question);
    await w.message(channel, hannah, 'I will bring extra flyers.', 1, question);
    await w.message(channel, hannah, 'Reminder: keep your posts tagged with #DemoStudio.', 20);
    await w.readAll(channel);
    await w.follow(channel, question, maya, first);
    for (const writerId of [sofia, daniel, hannah]) await w.follow(channel, question, writerId, null);
  }

  // Maya's line to the brand team: answered by the admin (new to Maya), assigned to them.
  const line = await w.conversation({
    kind: 'brand',
    memberIds: [maya],
    memberId: maya,
    assigneeId: admin,
    hoursAgo: 48,
  });
  await seedBroadcast(db, c, { admin, maya, mayaLine: line, hoursAgo: 47 });
  await w.message(line, maya, 'Hi! Is there a guideline for tagging the brand on TikTok?', 46);
  const answer = await w.message(
    line,
    admin,
    'Hi Maya! Yes: tag @demostudio and add #ad or #employee. The full guide is in the training library.',
    5,
  );
  await db
    .update(chatConversations)
    .set({ staffReadMessageId: answer })
    .where(eq(chatConversations.id, line));

  // Marcus's question waits, unassigned and unread by the brand team.
  const marcusLine = await w.conversation({
    kind: 'brand',
    memberIds: [marcus],
    memberId: marcus,
    hoursAgo: 8,
  });
  await w.message(marcusLine, marcus, 'Can I share the new pricing page with customers already?', 7);
  await w.readAll(marcusLine);

  await db.insert(chatCannedReplies).values([
    {
      clientId: c,
      title: 'Tagging the brand',
      body: 'Tag @demostudio and add #ad or #employee to every post about us. The full guide is in the training library.',
      createdBy: admin,
    },
    {
      clientId: c,
      title: 'Not yet public',
      body: 'Thanks for asking first! This is not public yet: we will tell everyone in the app as soon as you can share it.',
      createdBy: admin,
    },
  ]);
}

/**
 * A past broadcast of the admin to the Marketing team: delivered into each member's brand-team line (a line it made is
 * resolved, as nothing waits in it), read by Maya.
 */
async function seedBroadcast(
  db: Db,
  c: string,
  input: { admin: string; maya: string; mayaLine: string; hoursAgo: number },
) {
  const [team] = await selectRows<{ id: string }>(
    db,
    sql`select id from teams where client_id = ${c} and name = 'Marketing'`,
  );
  if (!team) return;
  const members = await selectRows<{ user_id: string }>(
    db,
    sql`select tm.user_id from team_members tm join users u on u.id = tm.user_id
        where tm.team_id = ${team.id} and u.role not in ('ADMIN', 'ANALYST', 'APPLICANT') and u.is_active
          and not u.is_ghost order by tm.user_id`,
  );
  const body =
    'Welcome to the spring campaign! Everything you need is in the library, and I am here for questions.';
  const at = new Date(Date.now() - input.hoursAgo * HOUR);
  const broadcastId = idAt(at);
  await db.insert(chatBroadcasts).values({
    id: broadcastId,
    clientId: c,
    authorId: input.admin,
    audience: 'team',
    teamId: team.id,
    body,
    recipientCount: members.length,
    fannedOutAt: at,
    createdAt: at,
  });
  const w = writer(db, c);
  for (const { user_id: userId } of members) {
    const existing = userId === input.maya ? input.mayaLine : null;
    const line =
      existing ??
      (await w.conversation({
        kind: 'brand',
        memberIds: [userId],
        memberId: userId,
        hoursAgo: input.hoursAgo + 1,
      }));
    const messageId = await w.message(line, input.admin, body, input.hoursAgo);
    if (!existing) {
      await db
        .update(chatConversations)
        .set({ status: 'resolved', resolvedAt: at, staffReadMessageId: messageId })
        .where(eq(chatConversations.id, line));
    }
    if (userId === input.maya) await w.read(line, userId, messageId);
    await db.insert(chatBroadcastDeliveries).values({
      clientId: c,
      broadcastId,
      userId,
      conversationId: line,
      messageId,
      deliveredAt: at,
    });
  }
}

async function seedAcme(db: Db, c: string) {
  const p = await people(db, c, ['member@acme.test', 'nova.reyes@acme.test', 'orion.patel@acme.test']);
  const member = p['member@acme.test'];
  const nova = p['nova.reyes@acme.test'];
  const orion = p['orion.patel@acme.test'];
  if (!member || !nova || !orion) return;
  const w = writer(db, c);
  const [squad] = await teamChannel(db, c, 'Rocket Squad');
  if (!squad) return;
  await w.message(
    squad.id,
    nova,
    'T-minus 3 days to the summer mission. Who has the countdown graphics?',
    20,
  );
  await w.message(squad.id, orion, 'Uploading them to the mission library tonight.', 18);
  await w.readAll(squad.id);
}

// Admin Reporting (issue 13). Every report reads report_facts, which the triggers of migration 0013 fill from the
// seeded activity; two things are added here so each report tells months of history:
// - the demo community's people (not the named demo accounts, whose own pages other demos describe) completed the
//   two onboarding trainings over the last four months, the quiz with a score, and earned their points, spending
//   some minutes on each training's page (training_time, the trainings report's time spent), having joined the
//   onboarding project before (the dashboard's training completion counts the trainings of joined projects), and
//   the two trainings date from before that history;
// - the badges report counts awards by their badge_events day, so the automatic awards are dated like the badges
//   themselves (spread over the last weeks), not all today.
import { and, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import {
  activities,
  participations,
  pointsLedger,
  projectMembers,
  trainingTime,
  users,
} from '../schema/index.ts';
import { clientByName } from './demo-helpers.ts';

const DAY_MS = 86_400_000;
const TRAININGS = ['Brand voice 101', 'Social media guidelines'];
/** The demo's named accounts, whose own pages other demos describe: left as they are. */
const NAMED = ['admin', 'lead', 'member', 'newbie', 'returning', 'fresh', 'applicant'].map(
  (n) => `${n}@demo.test`,
);
/** How many community members took the trainings. */
const LEARNERS = 14;

/** Training completions spread over the last 120 days, the same every seeding (run before the badges). */
export async function seedDemoTrainingHistory(db: Db): Promise<void> {
  const demo = await clientByName(db, 'Demo');
  if (!demo) return;
  const trainings = await db
    .select({
      id: activities.id,
      title: activities.title,
      projectId: activities.projectId,
      points: activities.points,
    })
    .from(activities)
    .where(and(eq(activities.clientId, demo.id), inArray(activities.title, TRAININGS)));
  const people = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.clientId, demo.id),
        eq(users.role, 'USER'),
        eq(users.isGhost, false),
        notInArray(users.email, NAMED),
      ),
    )
    .orderBy(users.email)
    .limit(LEARNERS);
  const now = Date.now();
  await db
    .update(activities)
    .set({ createdAt: new Date(now - 150 * DAY_MS) })
    .where(and(eq(activities.clientId, demo.id), inArray(activities.title, TRAININGS)));
  const finishedAt = (i: number, j: number) =>
    new Date(now - ((i * 8 + j * 3 + 2) % 118) * DAY_MS - ((i * 5) % 9) * 3_600_000);
  for (const [i, person] of people.entries()) {
    // Joined the trainings' project a week before finishing the first of them (kept if they joined earlier).
    const joinedAt = new Date(Math.min(finishedAt(i, 0).getTime(), finishedAt(i, 1).getTime()) - 7 * DAY_MS);
    for (const projectId of new Set(trainings.map((x) => x.projectId)))
      await db
        .insert(projectMembers)
        .values({ clientId: demo.id, projectId, userId: person.id, createdAt: joinedAt })
        .onConflictDoUpdate({
          target: [projectMembers.projectId, projectMembers.userId],
          set: { createdAt: sql`least(${projectMembers.createdAt}, excluded.created_at)` },
        });
    for (const [j, training] of trainings.entries()) {
      // Most take Brand voice 101, about half also the guidelines; earlier learners longer ago.
      if (j === 1 && i % 2 === 1) continue;
      const at = finishedAt(i, j);
      const hasQuiz = training.title === 'Brand voice 101';
      const data = hasQuiz
        ? { answers: [1, i % 3 === 0 ? 1 : 0], correct: i % 3 === 0 ? 1 : 2, total: 2 }
        : {};
      const [row] = await db
        .insert(participations)
        .values({
          clientId: demo.id,
          activityId: training.id,
          userId: person.id,
          status: 'completed',
          isComplete: true,
          data,
          createdAt: at,
          updatedAt: at,
        })
        .onConflictDoNothing()
        .returning({ id: participations.id });
      if (!row) continue;
      // 6 to 22 minutes on the training's page, on the day they finished it.
      await db
        .insert(trainingTime)
        .values({
          clientId: demo.id,
          userId: person.id,
          activityId: training.id,
          day: at.toISOString().slice(0, 10),
          seconds: (6 + ((i * 7 + j * 5) % 17)) * 60,
        })
        .onConflictDoNothing();
      if (training.points === 0) continue;
      await db.insert(pointsLedger).values({
        clientId: demo.id,
        userId: person.id,
        points: training.points,
        projectId: training.projectId,
        source: `participation:${row.id}`,
        createdAt: at,
      });
    }
  }
}

/** Dates the automatic award events like their badges (run after seedDemoBadges). */
export async function seedDemoBadgeEventDates(db: Db): Promise<void> {
  await db.execute(sql`
    update badge_events e set created_at = ub.created_at
    from user_badges ub
    where e.action = 'award' and e.actor_id is null and ub.badge_id = e.badge_id and ub.user_id = e.user_id
      and ub.tier = e.tier and ub.created_at < e.created_at`);
}

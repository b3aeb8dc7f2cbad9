// Admin Reporting (issue 13). Every report reads report_facts, which the triggers of migration 0013 fill from the
// seeded activity; two things are added here so each report tells months of history:
// - the demo community's people (not the named demo accounts, whose own pages other demos describe) completed the
//   two onboarding trainings over the last four months, the quiz with a score, and earned their points, spending
//   some minutes on each training's page (training_time, the trainings report's time spent), having joined the
//   onboarding project before (the dashboard's training completion counts the trainings of joined projects), and
//   the two trainings date from before that history (seedTrainingHistory, which Acme's crew uses too:
//   demo-activity-acme.ts);
// - the badges report counts awards by their badge_events day, so the automatic awards are dated like the badges
//   themselves (spread over the last weeks), not all today.
import { and, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { activities, projectMembers, trainingTime, users } from '../schema/index.ts';
import { clientByName, recordCompletions } from './demo-helpers.ts';

const DAY_MS = 86_400_000;
/** The demo's named accounts, whose own pages other demos describe: left as they are. */
const NAMED = ['admin', 'lead', 'member', 'newbie', 'returning', 'fresh', 'applicant'].map(
  (n) => `${n}@demo.test`,
);

/** Who of a client took which trainings, over how long. */
export interface TrainingHistoryPlan {
  client: string;
  /** Titles of the trainings; most learners take the first, every other one the rest too. */
  trainings: string[];
  /** E-mails of members left out (whose own pages other demos describe). */
  skip: string[];
  /** How many members (by e-mail) took them. */
  learners: number;
  /** Over how many days back the completions are spread. */
  spanDays: number;
}

/** Training completions spread over the last 120 days, the same every seeding (run before the badges). */
export async function seedDemoTrainingHistory(db: Db): Promise<void> {
  await seedTrainingHistory(db, {
    client: 'Demo',
    trainings: ['Brand voice 101', 'Social media guidelines'],
    skip: NAMED,
    learners: 14,
    spanDays: 118,
  });
}

type Training = Pick<typeof activities.$inferSelect, 'id' | 'title' | 'projectId' | 'points' | 'config'>;

/**
 * A client's training history, a few statements in all: the trainings date from before it, each learner joined
 * their project a week before finishing the first, and finished them (a quiz with its answers, most right) over
 * the last `spanDays` days, earning the points, after some minutes on the training's page.
 */
export async function seedTrainingHistory(db: Db, plan: TrainingHistoryPlan): Promise<void> {
  const client = await clientByName(db, plan.client);
  if (!client) return;
  const clientId = client.id;
  const found = await db
    .select({
      id: activities.id,
      title: activities.title,
      projectId: activities.projectId,
      points: activities.points,
      config: activities.config,
    })
    .from(activities)
    .where(and(eq(activities.clientId, clientId), inArray(activities.title, plan.trainings)));
  const trainings = plan.trainings.flatMap((title) => found.filter((x) => x.title === title));
  const people = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.clientId, clientId),
        eq(users.role, 'USER'),
        eq(users.isGhost, false),
        ...(plan.skip.length > 0 ? [notInArray(users.email, plan.skip)] : []),
      ),
    )
    .orderBy(users.email)
    .limit(plan.learners);
  if (trainings.length === 0 || people.length === 0) return;
  const now = Date.now();
  await db
    .update(activities)
    .set({ createdAt: new Date(now - (plan.spanDays + 32) * DAY_MS) })
    .where(
      inArray(
        activities.id,
        trainings.map((x) => x.id),
      ),
    );
  const finishedAt = (i: number, j: number) =>
    new Date(now - ((i * 8 + j * 3 + 2) % plan.spanDays) * DAY_MS - ((i * 5) % 9) * 3_600_000);
  const joined: (typeof projectMembers.$inferInsert)[] = [];
  const done: Parameters<typeof recordCompletions>[1] = [];
  const minutes = new Map<string, number>();
  for (const [i, person] of people.entries()) {
    // Joined the trainings' project a week before finishing the first of them (kept if they joined earlier).
    const joinedAt = new Date(Math.min(...trainings.map((_, j) => finishedAt(i, j).getTime())) - 7 * DAY_MS);
    for (const projectId of new Set(trainings.map((x) => x.projectId)))
      joined.push({ clientId, projectId, userId: person.id, createdAt: joinedAt });
    for (const [j, training] of trainings.entries()) {
      // Most take the first, about half also the others; earlier learners longer ago.
      if (j > 0 && i % 2 === 1) continue;
      const at = finishedAt(i, j);
      done.push({
        activity: training,
        row: {
          clientId,
          activityId: training.id,
          userId: person.id,
          status: 'completed',
          isComplete: true,
          data: quizAnswers(training, i),
          createdAt: at,
          updatedAt: at,
        },
      });
      // 6 to 22 minutes on the training's page, on the day they finished it.
      minutes.set(`${person.id}:${training.id}`, 6 + ((i * 7 + j * 5) % 17));
    }
  }
  await db
    .insert(projectMembers)
    .values(joined)
    .onConflictDoUpdate({
      target: [projectMembers.projectId, projectMembers.userId],
      set: { createdAt: sql`least(${projectMembers.createdAt}, excluded.created_at)` },
    });
  const made = await recordCompletions(db, done);
  if (made.length === 0) return;
  await db
    .insert(trainingTime)
    .values(
      made.map((p) => ({
        clientId,
        userId: p.userId,
        activityId: p.activityId,
        day: p.createdAt.toISOString().slice(0, 10),
        seconds: minutes.get(`${p.userId}:${p.activityId}`)! * 60,
      })),
    )
    .onConflictDoNothing();
}

/** A finished quiz's answers: all right, except the last one for every third learner. */
function quizAnswers(training: Training, i: number): Record<string, unknown> {
  const quiz = (training.config as { quiz?: { questions: { options: string[]; answer: number }[] } | null })
    .quiz;
  if (!quiz || quiz.questions.length === 0) return {};
  const last = quiz.questions.length - 1;
  const isWrong = (k: number) => k === last && i % 3 === 0;
  const answers = quiz.questions.map((q, k) => (isWrong(k) ? (q.answer + 1) % q.options.length : q.answer));
  const total = quiz.questions.length;
  return { answers, correct: total - (i % 3 === 0 ? 1 : 0), total };
}

/** Dates the automatic award events like their badges (run after seedDemoBadges). */
export async function seedDemoBadgeEventDates(db: Db): Promise<void> {
  await db.execute(sql`
    update badge_events e set created_at = ub.created_at
    from user_badges ub
    where e.action = 'award' and e.actor_id is null and ub.badge_id = e.badge_id and ub.user_id = e.user_id
      and ub.tier = e.tier and ub.created_at < e.created_at`);
}

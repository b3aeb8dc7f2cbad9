import type { Answers, ApplicantQueueQuery, ApplicantStatus, ListQuery, Locale } from '@rally/shared';
import { and, asc, desc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { applicants, applications, teams, users } from '../../db/schema/index.ts';
import { keyset } from '../../lib/pagination.ts';

export type ApplicationRow = typeof applications.$inferSelect;
export type NewApplication = Omit<typeof applications.$inferInsert, 'id' | 'clientId' | 'createdAt'>;
export type ApplicantRow = typeof applicants.$inferSelect;

/** Statuses still waiting for a reviewer. */
const WAITING: ApplicantStatus[] = ['pending', 'info_requested'];

/** The person columns an applicant is shown with. */
const person = {
  id: users.id,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  username: users.username,
  displayUsername: users.displayUsername,
  emailVerifiedAt: users.emailVerifiedAt,
  locale: users.locale,
};

/** The client's application form with this id, open or closed, or undefined. */
export async function getApplication(
  db: Db,
  { clientId, applicationId }: { clientId: string; applicationId: string },
) {
  const [row] = await db
    .select()
    .from(applications)
    .where(and(eq(applications.id, applicationId), eq(applications.clientId, clientId)));
  return row;
}

/** The client's open application form with this id, or undefined (unknown, another client's, or closed). */
export async function findOpenApplication(
  db: Db,
  { clientId, applicationId }: { clientId: string; applicationId: string },
) {
  const row = await getApplication(db, { clientId, applicationId });
  return row?.isOpen ? row : undefined;
}

/** The client's forms, newest first (SPEC 7 paging), each with how many applicants wait for a decision. */
export async function findApplications(db: Db, { clientId, query }: { clientId: string; query: ListQuery }) {
  const page = keyset(applications.id, query, eq(applications.clientId, clientId));
  const rows = await db
    .select({
      form: applications,
      waiting: sql<number>`(select count(*)::int from ${applicants} a where a.application_id = ${applications.id}
        and a.client_id = ${clientId} and a.status in ('pending', 'info_requested'))`,
    })
    .from(applications)
    .where(page.where)
    .orderBy(page.orderBy)
    .limit(page.limit);
  return page.finish(rows.map((r) => ({ ...r, id: r.form.id })));
}

/** How many applicants of this form wait for a decision. */
export async function countWaiting(
  db: Db,
  { clientId, applicationId }: { clientId: string; applicationId: string },
) {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(applicants)
    .where(
      and(
        eq(applicants.clientId, clientId),
        eq(applicants.applicationId, applicationId),
        inArray(applicants.status, WAITING),
      ),
    );
  return row?.n ?? 0;
}

/** Creates a form; answers its id. */
export async function insertApplication(
  db: Db,
  { clientId, form }: { clientId: string; form: NewApplication },
) {
  const [row] = await db
    .insert(applications)
    .values({ ...form, clientId })
    .returning({ id: applications.id });
  return row!.id;
}

/** Changes the client's form. */
export async function updateApplication(
  db: Db,
  { clientId, applicationId, set }: { clientId: string; applicationId: string; set: Partial<NewApplication> },
) {
  await db
    .update(applications)
    .set({ ...set, updatedAt: new Date() })
    .where(and(eq(applications.id, applicationId), eq(applications.clientId, clientId)));
}

/** How many of `ids` are teams of the client. */
export async function countClientTeams(db: Db, { clientId, ids }: { clientId: string; ids: string[] }) {
  if (ids.length === 0) return 0;
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(teams)
    .where(and(eq(teams.clientId, clientId), inArray(teams.id, ids)));
  return row?.n ?? 0;
}

/** The client's applicant with this id, their form and the person, or undefined. */
export async function findApplicant(
  db: Db,
  { clientId, applicantId }: { clientId: string; applicantId: string },
) {
  const [row] = await db
    .select({ applicant: applicants, application: applications, person })
    .from(applicants)
    .innerJoin(applications, eq(applications.id, applicants.applicationId))
    .innerJoin(users, eq(users.id, applicants.userId))
    .where(and(eq(applicants.id, applicantId), eq(applicants.clientId, clientId)));
  return row;
}
export type ApplicantWithForm = NonNullable<Awaited<ReturnType<typeof findApplicant>>>;

/** A new APPLICANT account (email not yet verified). */
export async function insertApplicantUser(
  db: Db,
  input: {
    clientId: string;
    email: string;
    passwordHash: string;
    firstName: string;
    lastName: string;
    locale: Locale | null;
  },
) {
  const [row] = await db
    .insert(users)
    .values({ ...input, role: 'APPLICANT' })
    .returning({ id: users.id, clientId: users.clientId });
  return row!;
}

/** Stores an application; answers its id. */
export async function insertApplicant(
  db: Db,
  input: { clientId: string; applicationId: string; userId: string; answers: Answers },
) {
  const [row] = await db.insert(applicants).values(input).returning({ id: applicants.id });
  return row!.id;
}

/** Replaces the answers of an undecided application; one waiting for information goes back to pending. */
export async function updateAnswers(
  db: Db,
  { clientId, applicantId, answers }: { clientId: string; applicantId: string; answers: Answers },
) {
  await db
    .update(applicants)
    .set({ answers, status: 'pending', updatedAt: new Date() })
    .where(
      and(
        eq(applicants.id, applicantId),
        eq(applicants.clientId, clientId),
        inArray(applicants.status, WAITING),
      ),
    );
}

/**
 * Records a decision on an undecided application; answers false when it was decided meanwhile (or is not the
 * client's), so a decision is never taken twice.
 */
export async function setApplicantStatus(
  db: Db,
  input: {
    clientId: string;
    applicantId: string;
    status: ApplicantStatus;
    note: string | null;
    /** The reviewer; null for the form's automatic rules. */
    deciderId: string | null;
  },
): Promise<boolean> {
  const rows = await db
    .update(applicants)
    .set({
      status: input.status,
      reviewNote: input.note,
      decidedBy: input.deciderId,
      decidedAt: new Date(),
      updatedAt: new Date(),
    })
    .where(
      and(
        eq(applicants.id, input.applicantId),
        eq(applicants.clientId, input.clientId),
        inArray(applicants.status, WAITING),
      ),
    )
    .returning({ id: applicants.id });
  return rows.length > 0;
}

/** Turns an approved applicant into a member (role USER); other roles are left alone. */
export async function promoteApplicantUser(
  db: Db,
  { clientId, userId }: { clientId: string; userId: string },
) {
  await db
    .update(users)
    .set({ role: 'USER', updatedAt: new Date() })
    .where(and(eq(users.id, userId), eq(users.clientId, clientId), eq(users.role, 'APPLICANT')));
}

/**
 * The client's applicants, written `= any(array[…])` on purpose: with `=` the planner treats client_id as a
 * constant, drops it from the sort and may walk the primary key newest first across every newer row of other
 * clients (UUIDv7 ids: 40 ms behind 20,000 of them on PGlite); this way only applicants_client_id (client_id, id)
 * gives the order and the page reads its own rows. The query orders by client first (see byClient).
 */
const ofClient = (clientId: string) => sql`${applicants.clientId} = any(array[${clientId}]::uuid[])`;
/** The client column in the page's direction, ahead of the id (keyset pages newest first, newer pages oldest first). */
const byClient = (q: ListQuery) =>
  q.limit < 0 && q.cursor !== undefined ? asc(applicants.clientId) : desc(applicants.clientId);

/** The queue's filters as one condition. */
function queueWhere(clientId: string, q: ApplicantQueueQuery) {
  const term = q.q?.trim();
  const like = term ? `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  return and(
    ofClient(clientId),
    q.application ? eq(applicants.applicationId, q.application) : undefined,
    q.status ? eq(applicants.status, q.status) : undefined,
    q.from ? gte(applicants.createdAt, new Date(`${q.from}T00:00:00Z`)) : undefined,
    q.to ? lt(applicants.createdAt, new Date(Date.parse(`${q.to}T00:00:00Z`) + 86_400_000)) : undefined,
    like
      ? sql`(${users.email} ilike ${like} or coalesce(${users.firstName}, '') || ' ' || coalesce(${users.lastName}, '') ilike ${like})`
      : undefined,
  );
}

/** The review queue, newest first, filtered (SPEC 7 paging). */
export async function findApplicantQueue(
  db: Db,
  { clientId, query }: { clientId: string; query: ApplicantQueueQuery & ListQuery },
) {
  const page = keyset(applicants.id, query, queueWhere(clientId, query));
  const rows = await db
    .select({
      id: applicants.id,
      status: applicants.status,
      createdAt: applicants.createdAt,
      application: { id: applications.id, title: applications.title },
      person,
    })
    .from(applicants)
    .innerJoin(users, eq(users.id, applicants.userId))
    .innerJoin(applications, eq(applications.id, applicants.applicationId))
    .where(page.where)
    .orderBy(byClient(query), page.orderBy)
    .limit(page.limit);
  return page.finish(rows);
}
export type QueueRow = Awaited<ReturnType<typeof findApplicantQueue>>['items'][number];

/** One batch of the CSV export: filtered applicants with answers, newest first, before `cursor`. */
export async function findApplicantsForExport(
  db: Db,
  {
    clientId,
    query,
    cursor,
    limit,
  }: { clientId: string; query: ApplicantQueueQuery; cursor?: string; limit: number },
) {
  return db
    .select({
      id: applicants.id,
      status: applicants.status,
      answers: applicants.answers,
      reviewNote: applicants.reviewNote,
      createdAt: applicants.createdAt,
      application: { id: applications.id, title: applications.title, questions: applications.questions },
      person,
    })
    .from(applicants)
    .innerJoin(users, eq(users.id, applicants.userId))
    .innerJoin(applications, eq(applications.id, applicants.applicationId))
    .where(and(queueWhere(clientId, query), cursor ? lt(applicants.id, cursor) : undefined))
    .orderBy(desc(applicants.clientId), desc(applicants.id))
    .limit(limit);
}

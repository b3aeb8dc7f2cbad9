import { and, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import { type Db, selectRows } from '../../db/client.ts';
import {
  activities,
  creatives,
  projectInvites,
  projects,
  teams,
  templates,
  users,
} from '../../db/schema/index.ts';
import { PERSON_COLUMNS, type PersonRow } from '../users/people.presenter.ts';

export interface AdminProjectRow {
  id: string;
  name: string;
  description: string | null;
  image_url: string | null;
  audience: 'open' | 'teams' | 'invite';
  audience_team_ids: string[];
  starts_at: Date | string | null;
  ends_at: Date | string | null;
  archived_at: Date | string | null;
  created_at: Date | string;
  activity_count: number | string;
  member_count: number | string;
}

const COLUMNS = sql`p.id, p.name, p.description, p.image_url, p.audience, p.audience_team_ids, p.starts_at, p.ends_at,
  p.archived_at, p.created_at,
  (select count(*) from activities a where a.project_id = p.id and a.archived_at is null) as activity_count,
  (select count(*) from project_members pm where pm.project_id = p.id) as member_count`;

/** The client's projects for admins, newest first. */
export async function findAdminProjects(
  db: Db,
  q: { clientId: string; status: 'current' | 'archived' | 'all' },
) {
  const filter =
    q.status === 'all'
      ? sql``
      : q.status === 'archived'
        ? sql`and p.archived_at is not null`
        : sql`and p.archived_at is null`;
  return selectRows<AdminProjectRow>(
    db,
    sql`select ${COLUMNS} from projects p where p.client_id = ${q.clientId} ${filter} order by p.id desc`,
  );
}

/** A page of the client's projects for the public API, newest first, after the cursor (keyset by id). */
export async function findProjectsPage(
  db: Db,
  q: { clientId: string; status: 'current' | 'archived' | 'all'; cursor?: string; limit: number },
) {
  const filter =
    q.status === 'all'
      ? sql``
      : q.status === 'archived'
        ? sql`and p.archived_at is not null`
        : sql`and p.archived_at is null`;
  const after = q.cursor ? sql`and p.id < ${q.cursor}` : sql``;
  return selectRows<AdminProjectRow>(
    db,
    sql`select ${COLUMNS} from projects p where p.client_id = ${q.clientId} ${filter} ${after}
        order by p.id desc limit ${q.limit}`,
  );
}

/** One project of the client, archived or not. */
export async function getAdminProject(
  db: Db,
  q: { clientId: string; projectId: string },
): Promise<AdminProjectRow | undefined> {
  const rows = await selectRows<AdminProjectRow>(
    db,
    sql`select ${COLUMNS} from projects p where p.client_id = ${q.clientId} and p.id = ${q.projectId}`,
  );
  return rows[0];
}

export interface AdminActivityRow {
  id: string;
  project_id: string;
  type: string;
  title: string;
  description: string | null;
  points: number;
  config: Record<string, unknown>;
  starts_at: Date | string | null;
  due_at: Date | string | null;
  created_at: Date | string;
  participation_count: number | string;
}

/** Live activities of a project with their participation counts. */
export async function findAdminActivities(
  db: Db,
  q: { clientId: string; projectId: string; activityId?: string },
) {
  const one = q.activityId ? sql`and a.id = ${q.activityId}` : sql``;
  return selectRows<AdminActivityRow>(
    db,
    sql`select a.id, a.project_id, a.type, a.title, a.description, a.points, a.config, a.starts_at, a.due_at, a.created_at,
          (select count(*) from participations pa where pa.activity_id = a.id) as participation_count
        from activities a where a.client_id = ${q.clientId} and a.project_id = ${q.projectId} and a.archived_at is null ${one}
        order by a.due_at asc nulls last, a.id asc`,
  );
}

/** One live activity of a project with its participation count. */
export async function getAdminActivity(
  db: Db,
  q: { clientId: string; projectId: string; activityId: string },
): Promise<AdminActivityRow | undefined> {
  const [row] = await findAdminActivities(db, q);
  return row;
}

/** A member invited to a project. */
export interface InviteeRow {
  userId: string;
  person: PersonRow;
}

/** The members invited to a project of the client. */
export async function findProjectInvitees(
  db: Db,
  q: { clientId: string; projectId: string },
): Promise<InviteeRow[]> {
  return db
    .select({ userId: projectInvites.userId, person: PERSON_COLUMNS })
    .from(projectInvites)
    .innerJoin(users, eq(users.id, projectInvites.userId))
    .where(and(eq(projectInvites.projectId, q.projectId), eq(projectInvites.clientId, q.clientId)));
}

/** A project of the client with its live activities and invitees, as the admin detail shows it. */
export async function getAdminProjectDetail(db: Db, q: { clientId: string; projectId: string }) {
  const project = await getAdminProject(db, q);
  if (!project) return undefined;
  const [activityRows, invitees] = await Promise.all([
    findAdminActivities(db, q),
    findProjectInvitees(db, q),
  ]);
  return { project, activities: activityRows, invitees };
}

/** A project's stored columns as the admin writes them. */
export type ProjectValues = Omit<typeof projects.$inferInsert, 'id' | 'clientId' | 'createdAt'>;

/** Creates a project of the client; answers its id. */
export async function insertProject(db: Db, q: { clientId: string; values: ProjectValues }): Promise<string> {
  const [row] = await db
    .insert(projects)
    .values({ clientId: q.clientId, ...q.values })
    .returning({ id: projects.id });
  return row!.id;
}

/** Changes a project of the client (undefined columns stay as they are). */
export async function updateProject(
  db: Db,
  q: { clientId: string; projectId: string; changes: Partial<ProjectValues> },
): Promise<void> {
  await db
    .update(projects)
    .set(q.changes)
    .where(and(eq(projects.id, q.projectId), eq(projects.clientId, q.clientId)));
}

/** Archives a project of the client (members no longer see it), or brings it back. */
export async function setProjectArchived(
  db: Db,
  q: { clientId: string; projectId: string; archived: boolean },
): Promise<void> {
  await db
    .update(projects)
    .set({ archivedAt: q.archived ? new Date() : null, updatedAt: new Date() })
    .where(and(eq(projects.id, q.projectId), eq(projects.clientId, q.clientId)));
}

/** Ids of the members invited to a project of the client. */
export async function findProjectInviteIds(
  db: Db,
  q: { clientId: string; projectId: string },
): Promise<string[]> {
  const rows = await db
    .select({ userId: projectInvites.userId })
    .from(projectInvites)
    .where(and(eq(projectInvites.projectId, q.projectId), eq(projectInvites.clientId, q.clientId)));
  return rows.map((row) => row.userId);
}

/** Makes `userIds` the invitees of a project of the client, in place of those before. */
export async function replaceProjectInvites(
  db: Db,
  q: { clientId: string; projectId: string; userIds: string[] },
): Promise<void> {
  await db
    .delete(projectInvites)
    .where(and(eq(projectInvites.projectId, q.projectId), eq(projectInvites.clientId, q.clientId)));
  if (q.userIds.length > 0) {
    await db
      .insert(projectInvites)
      .values(q.userIds.map((userId) => ({ clientId: q.clientId, projectId: q.projectId, userId })));
  }
}

export type ActivityRecord = typeof activities.$inferSelect;

/** An activity of the client as stored, archived or not. */
export async function getActivityRecord(
  db: Db,
  q: { clientId: string; activityId: string },
): Promise<ActivityRecord | undefined> {
  const [row] = await db
    .select()
    .from(activities)
    .where(and(eq(activities.id, q.activityId), eq(activities.clientId, q.clientId)));
  return row;
}

/** An activity's stored columns as the admin writes them. */
export type ActivityValues = Omit<
  typeof activities.$inferInsert,
  'id' | 'clientId' | 'projectId' | 'createdAt'
>;

/** Adds an activity to a project of the client; answers its id. */
export async function insertActivity(
  db: Db,
  q: { clientId: string; projectId: string; values: ActivityValues },
): Promise<string> {
  const [row] = await db
    .insert(activities)
    .values({ clientId: q.clientId, projectId: q.projectId, ...q.values })
    .returning({ id: activities.id });
  return row!.id;
}

/** Changes an activity of the client. */
export async function updateActivity(
  db: Db,
  q: { clientId: string; activityId: string; changes: Partial<ActivityValues> },
): Promise<void> {
  await db
    .update(activities)
    .set(q.changes)
    .where(and(eq(activities.id, q.activityId), eq(activities.clientId, q.clientId)));
}

/** Archives an activity of the client: members keep their participations and points. */
export async function archiveActivity(db: Db, q: { clientId: string; activityId: string }): Promise<void> {
  await db
    .update(activities)
    .set({ archivedAt: new Date() })
    .where(and(eq(activities.id, q.activityId), eq(activities.clientId, q.clientId)));
}

/** Which of the ids are teams of the client. */
export async function findClientTeamIds(
  db: Db,
  q: { clientId: string; teamIds: string[] },
): Promise<string[]> {
  const rows = await db
    .select({ id: teams.id })
    .from(teams)
    .where(and(eq(teams.clientId, q.clientId), inArray(teams.id, q.teamIds)));
  return rows.map((row) => row.id);
}

/** Which of the ids are users of the client. */
export async function findClientUserIds(
  db: Db,
  q: { clientId: string; userIds: string[] },
): Promise<string[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.clientId, q.clientId), inArray(users.id, q.userIds)));
  return rows.map((row) => row.id);
}

/** Whether the template is in the client's library and live (or archived but `kept`: already in use). */
export async function isUsableTemplate(
  db: Db,
  q: { clientId: string; templateId: string; kept: boolean },
): Promise<boolean> {
  const rows = await db
    .select({ id: templates.id })
    .from(templates)
    .where(
      and(
        eq(templates.clientId, q.clientId),
        eq(templates.id, q.templateId),
        q.kept ? undefined : isNull(templates.archivedAt),
      ),
    );
  return rows.length > 0;
}

/** Which of the creatives are in the client's library and live (or archived but among `keptIds`). */
export async function findUsableCreativeIds(
  db: Db,
  q: { clientId: string; creativeIds: string[]; keptIds: string[] },
): Promise<string[]> {
  const rows = await db
    .select({ id: creatives.id })
    .from(creatives)
    .where(
      and(
        eq(creatives.clientId, q.clientId),
        inArray(creatives.id, q.creativeIds),
        q.keptIds.length > 0
          ? or(isNull(creatives.archivedAt), inArray(creatives.id, q.keptIds))
          : isNull(creatives.archivedAt),
      ),
    );
  return rows.map((row) => row.id);
}

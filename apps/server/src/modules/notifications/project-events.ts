import type { Db } from '../../db/client.ts';
import { getProjectWord } from './notifications.repository.ts';
import { type NotificationEvent, notify } from './notify.ts';

type When = Date | string | null;
const toTime = (v: When) => (v === null ? null : new Date(v).getTime());

/** A project as the admin routes hold it. */
export interface AnnouncedProject {
  id: string;
  clientId: string;
  name: string;
  starts_at: When;
}

/**
 * Tells a project's audience (its members and everyone who may join it: all members when it is open, the
 * audience teams' members, or the invitees) that it has started: at once when it starts now or has no start
 * date, else by a job scheduled for its start, which is dropped if the start moves or the project is archived.
 * On an edit pass `before`: a project that had already started is not announced again, and a new start time of
 * a scheduled one schedules a new announcement.
 */
export async function announceProject(
  db: Db,
  project: AnnouncedProject,
  actorId: string,
  before?: { starts_at: When },
): Promise<void> {
  const now = Date.now();
  const startsAt = toTime(project.starts_at);
  if (before) {
    const was = toTime(before.starts_at);
    if (was === null || was <= now || was === startsAt) return;
  }
  const word = await getProjectWord(db, { clientId: project.clientId });
  const event: NotificationEvent = {
    clientId: project.clientId,
    kind: 'new_project',
    to: { projectAudience: project.id },
    actorId,
    title: `New ${word.toLowerCase()}: ${project.name}`,
    body: null,
    // project_word is the client's word; each language says its own (notification-texts.ts projectWordIn).
    message: { key: 'new_project', params: { project_word: word.toLowerCase(), project: project.name } },
    link: `/projects/${project.id}`,
  };
  if (startsAt === null || startsAt <= now) return notify(db, event);
  const at = new Date(startsAt);
  await notify(db, { ...event, projectStartsAt: at.toISOString() }, { runAt: at });
}

/** Tells the members of a live (not archived) project about an activity just added to it. */
export async function announceActivity(
  db: Db,
  project: AnnouncedProject & { archived_at: When },
  activity: { id: string; title: string },
  actorId: string,
): Promise<void> {
  if (project.archived_at !== null) return;
  await notify(db, {
    clientId: project.clientId,
    kind: 'new_activity',
    to: { project: project.id },
    actorId,
    title: `New activity in ${project.name}: ${activity.title}`,
    body: null,
    message: { key: 'new_activity', params: { project: project.name, activity: activity.title } },
    link: `/projects/${project.id}/activities/${activity.id}`,
  });
}

/**
 * Tells members newly invited to a running invite-only project that they may join it. Before its start they
 * hear nothing now: the announcement scheduled for the start reaches every invitee then.
 */
export async function announceInvites(
  db: Db,
  project: AnnouncedProject & { archived_at: When },
  userIds: readonly string[],
  actorId: string,
): Promise<void> {
  const startsAt = toTime(project.starts_at);
  if (userIds.length === 0 || project.archived_at !== null || (startsAt !== null && startsAt > Date.now()))
    return;
  const word = await getProjectWord(db, { clientId: project.clientId });
  await notify(db, {
    clientId: project.clientId,
    kind: 'new_project',
    to: { users: [...userIds] },
    actorId,
    title: `You are invited to the ${word.toLowerCase()} ${project.name}`,
    body: null,
    message: { key: 'project_invite', params: { project_word: word.toLowerCase(), project: project.name } },
    link: `/projects/${project.id}`,
  });
}

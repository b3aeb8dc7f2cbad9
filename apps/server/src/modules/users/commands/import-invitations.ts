import { randomUUID } from 'node:crypto';
import {
  ASSIGNABLE_ROLES,
  emailError,
  INVITATION_TTL_DAYS,
  type Locale,
  type Role,
  type UserImport,
  type UserImportRowError,
  type UserImportStep,
} from '@rally/shared';
import type { AppContext } from '../../../context.ts';
import type { Db } from '../../../db/client.ts';
import { withTransaction } from '../../../db/transaction.ts';
import type { JobHandler } from '../../../jobs/runner.ts';
import { badRequest, notFound } from '../../../lib/errors.ts';
import { enqueueJob } from '../../../lib/jobs.ts';
import { mailLocale, renderMail } from '../../../lib/mail-texts.ts';
import { insertAudit } from '../../audit/audit.repository.ts';
import { insertInvitedUser, issueInvitationToken, setUserTeams } from '../admin-users.repository.ts';
import {
  accountsByEmail,
  getImportJob,
  saveImportJob,
  setInvitedNames,
  teamIdsByName,
} from '../user-import.repository.ts';
import { readImportCsv } from '../user-import-csv.ts';
import { mayAssignTeams, mayFollowImport, mayGrant, teamScope, type UserActor } from '../users.policy.ts';

export const IMPORT_JOB = 'users.import';
/** Invitations created per transaction. */
const INVITE_CHUNK = 50;
const NAME_MAX = 100;

interface Pending {
  row: number;
  email: string;
  role: Role;
  teamIds: string[];
  firstName: string | null;
  lastName: string | null;
}

/** The state of an import, kept in its job's payload. */
interface ImportState {
  clientId: string;
  actor: UserActor;
  /** `locale`: the importing person's language, which the invitations are written in (English for older jobs). */
  client: { name: string; linkOrigin: string; locale?: Locale };
  rows: { row: number; cells: Record<string, string | undefined> }[];
  step: UserImportStep;
  percent: number;
  status: UserImport['status'];
  pending: Pending[];
  invited: UserImport['invited'];
  skipped: UserImport['skipped'];
  errors: UserImportRowError[];
  /** How many pending rows the invite step has handled; how many invited people were mailed. */
  cursor: number;
  emailed: number;
}

type Actor = UserActor & { clientId: string };

function present(id: string, s: ImportState, failure: string | null): UserImport {
  return {
    id,
    status: failure ? 'failed' : s.status,
    step: s.step,
    percent: s.percent,
    rows: s.rows.length,
    invited: s.invited,
    skipped: s.skipped,
    errors: s.errors,
    error: failure,
  };
}

/**
 * POST /api/admin/users/imports: reads the CSV (400 for a file that is not an import CSV, nothing created) and
 * starts the import as a durable job; rows are checked, invited and mailed by the job (importJobHandler).
 */
export async function startImport(
  ctx: AppContext,
  actor: Actor,
  client: { name: string; linkOrigin: string | null; locale: Locale },
  csv: string,
): Promise<UserImport> {
  const rows = readImportCsv(csv);
  if (!client.linkOrigin) throw badRequest('This app has no address for links yet: add its domain first');
  const state: Omit<ImportState, 'clientId'> = {
    actor: { id: actor.id, role: actor.role, team_tags: [...actor.team_tags] },
    client: { name: client.name, linkOrigin: client.linkOrigin, locale: client.locale },
    rows,
    step: 'check',
    percent: 0,
    status: 'running',
    pending: [],
    invited: [],
    skipped: [],
    errors: [],
    cursor: 0,
    emailed: 0,
  };
  const id = randomUUID();
  await enqueueJob(ctx.db, IMPORT_JOB, { ...state, clientId: actor.clientId, importId: id });
  return present(id, { ...state, clientId: actor.clientId }, null);
}

/**
 * GET /api/admin/users/imports/{id}: 404 for an id of another client, no import, or an import of somebody else when
 * the reader is not an admin (mayFollowImport).
 */
export async function getImport(ctx: AppContext, actor: Actor, id: string): Promise<UserImport> {
  const job = await getImportJob(ctx.db, { clientId: actor.clientId, id, kind: IMPORT_JOB });
  if (!job) throw notFound('Import not found');
  const state = job.payload as unknown as ImportState;
  if (!mayFollowImport(actor, state.actor)) throw notFound('Import not found');
  const failure = job.givenUp && job.error ? job.error : null;
  return present(id, state, failure);
}

/** Checks every row: the email (SPEC 5), a role the actor may grant, team names the actor may use. */
async function checkRows(db: Db, s: ImportState) {
  const teamsByName = await teamIdsByName(db, { clientId: s.clientId });
  const emails = s.rows.map((r) => (r.cells.email ?? '').toLowerCase());
  const accounts = await accountsByEmail(db, { clientId: s.clientId, emails: emails.filter(Boolean) });
  const seen = new Map<string, number>();
  for (const { row, cells } of s.rows) {
    const fail = (column: UserImportRowError['column'], message: string) =>
      s.errors.push({ row, column, message });
    const email = cells.email ?? '';
    const bad = emailError(email);
    if (bad) {
      fail('email', bad);
      continue;
    }
    const key = email.toLowerCase();
    if (seen.has(key)) {
      fail('email', `Email is already on row ${seen.get(key)}`);
      continue;
    }
    seen.set(key, row);
    const account = accounts.get(key);
    if (account) {
      s.skipped.push({ row, email, reason: account.invited ? 'already_invited' : 'already_member' });
      continue;
    }
    const role = (cells.role || 'USER').toUpperCase() as Role;
    if (!(ASSIGNABLE_ROLES as readonly string[]).includes(role)) {
      fail('role', `role must be one of ${ASSIGNABLE_ROLES.join(', ')}`);
      continue;
    }
    const grant = mayGrant(s.actor, { role });
    if (!grant.allowed) {
      fail('role', grant.message);
      continue;
    }
    const names = (cells.teams ?? '')
      .split(';')
      .map((n) => n.trim())
      .filter(Boolean);
    const unknownTeam = names.find((n) => !teamsByName.has(n.toLowerCase()));
    if (unknownTeam) {
      fail('teams', `Unknown team "${unknownTeam}"`);
      continue;
    }
    const teamIds = [...new Set(names.map((n) => teamsByName.get(n.toLowerCase())!))];
    const assign = mayAssignTeams(s.actor, teamIds);
    if (!assign.allowed) {
      fail('teams', assign.message);
      continue;
    }
    if (teamScope(s.actor) && teamIds.length === 0) {
      fail('teams', 'teams must name one of the teams you lead');
      continue;
    }
    const long = (['first_name', 'last_name'] as const).find((c) => (cells[c] ?? '').length > NAME_MAX);
    if (long) {
      fail(long, `${long} must be ${NAME_MAX} characters or less`);
      continue;
    }
    s.pending.push({
      row,
      email,
      role,
      teamIds,
      firstName: cells.first_name || null,
      lastName: cells.last_name || null,
    });
  }
}

/** Creates the next chunk of invitations (an email taken meanwhile is reported as skipped). */
async function inviteChunk(tx: Db, s: ImportState) {
  const chunk = s.pending.slice(s.cursor, s.cursor + INVITE_CHUNK);
  const accounts = await accountsByEmail(tx, {
    clientId: s.clientId,
    emails: chunk.map((p) => p.email.toLowerCase()),
  });
  const scope = teamScope(s.actor);
  for (const p of chunk) {
    s.cursor++;
    const account = accounts.get(p.email.toLowerCase());
    if (account) {
      s.skipped.push({
        row: p.row,
        email: p.email,
        reason: account.invited ? 'already_invited' : 'already_member',
      });
      continue;
    }
    const teamTags = scope && p.role === 'ANALYST' ? [...scope] : [];
    const user = await insertInvitedUser(tx, {
      clientId: s.clientId,
      email: p.email,
      role: p.role,
      teamTags,
    });
    await setUserTeams(tx, { clientId: s.clientId, userId: user.id, teamIds: p.teamIds });
    if (p.firstName || p.lastName)
      await setInvitedNames(tx, {
        clientId: s.clientId,
        userId: user.id,
        firstName: p.firstName,
        lastName: p.lastName,
      });
    s.invited.push({ row: p.row, email: p.email, user_id: user.id });
  }
}

const third = (step: number, done: number, total: number) =>
  Math.min(100, Math.floor((100 * step) / 3 + (total === 0 ? 100 / 3 : (100 * done) / (3 * total))));

/**
 * The import job: check every row, create the invitations (chunks of INVITE_CHUNK per transaction), then mail
 * each invited person their accept link. Its state is saved after each piece of work, so a retry resumes where
 * the failed run stopped and never creates or mails anyone twice. Not transactional: it sends mail.
 */
export function importJobHandler(ctx: Pick<AppContext, 'mailer'>): JobHandler {
  return {
    async run(payload, { db, job }) {
      const s = payload as unknown as ImportState;
      const save = (on: Db) =>
        saveImportJob(on, {
          clientId: s.clientId,
          id: job.id,
          payload: s as unknown as Record<string, unknown>,
        });
      if (s.step === 'check') {
        await checkRows(db, s);
        s.step = 'invite';
        s.percent = third(1, 0, 1);
        await save(db);
      }
      while (s.step === 'invite') {
        await withTransaction(db, async (tx) => {
          await inviteChunk(tx, s);
          s.percent = third(1, s.cursor, s.pending.length);
          if (s.cursor >= s.pending.length) {
            s.step = 'email';
            await insertAudit(tx, {
              clientId: s.clientId,
              entry: {
                userId: s.actor.id,
                action: 'user.import',
                target: null,
                data: {
                  rows: s.rows.length,
                  invited: s.invited.length,
                  skipped: s.skipped.length,
                  errors: s.errors.length,
                },
              },
            });
          }
          await save(tx);
        });
      }
      while (s.emailed < s.invited.length) {
        const person = s.invited[s.emailed]!;
        const token = await issueInvitationToken(db, { clientId: s.clientId, userId: person.user_id });
        await ctx.mailer.send({
          clientId: s.clientId,
          to: person.email,
          ...renderMail('invite', mailLocale(s.client.locale), {
            client: s.client.name,
            link: `${s.client.linkOrigin}/reset?invite=${token}`,
            days: INVITATION_TTL_DAYS,
          }),
        });
        s.emailed++;
        s.percent = third(2, s.emailed, s.invited.length);
        if (s.emailed % 10 === 0) await save(db);
      }
      s.status = 'done';
      s.percent = 100;
      await save(db);
    },
  };
}

import {
  ASSIGNABLE_ROLES,
  DEFAULT_LOCALE,
  emailError,
  INVITATION_TTL_DAYS,
  type Role,
  type UserImportRowError,
} from '@rally/shared';
import type { AppContext } from '../../../context.ts';
import type { Db } from '../../../db/client.ts';
import { withTransaction } from '../../../db/transaction.ts';
import type { JobHandler } from '../../../jobs/runner.ts';
import { fillWords, type Words, wordsIn } from '../../../lib/client-words.ts';
import { yieldToRequests } from '../../../lib/jobs.ts';
import { mailLocale, renderMail } from '../../../lib/mail-texts.ts';
import { insertAudit } from '../../audit/audit.repository.ts';
import { getClientWords } from '../../notifications/notifications.repository.ts';
import { issueInvitationToken } from '../admin-users.repository.ts';
import {
  accountsByEmail,
  deleteImportRows,
  type ImportRowRecord,
  importCounts,
  insertImportRows,
  insertInvitedUsers,
  insertTeamMemberships,
  markImportRowEmailed,
  pendingImportRows,
  saveImportJob,
  settleImportRows,
  teamIdsByName,
  unmailedImportRows,
} from '../user-import.repository.ts';
import { type ImportRow, readImportCsv } from '../user-import-csv.ts';
import { mayAssignTeams, mayGrant, teamScope } from '../users.policy.ts';
import { IMPORT_JOB, type ImportState, isLegacy, type LegacyState } from './import-invitations.ts';

export { IMPORT_JOB };

/**
 * Batch sizes: each batch is one short piece of database work (a few set-based statements) after which the job lets
 * waiting requests in, so an import of USER_IMPORT_MAX_ROWS never holds the embedded database for more than tens of
 * milliseconds at a time (bench: import-under-load).
 */
const EMAIL_LOOKUP_CHUNK = 500;
const ROW_INSERT_CHUNK = 50;
const INVITE_CHUNK = 20;
const MAIL_CHUNK = 20;
const NAME_MAX = 100;

function checkRow(
  s: ImportState,
  { row, cells }: ImportRow,
  known: {
    teamsByName: Map<string, string>;
    accounts: Map<string, { invited: boolean }>;
    seen: Map<string, number>;
    /** The client's words, in English: a row's message naming a team says its word (issue 23). */
    words: Words;
  },
): ImportRowRecord {
  const email = cells.email ?? '';
  const base: ImportRowRecord = {
    row,
    email,
    outcome: 'error',
    role: null,
    teamIds: [],
    firstName: null,
    lastName: null,
    column: null,
    message: null,
    userId: null,
    emailed: false,
  };
  const fail = (column: UserImportRowError['column'], message: string): ImportRowRecord => ({
    ...base,
    column,
    message: fillWords(message, known.words),
  });
  const bad = emailError(email);
  if (bad) return fail('email', bad);
  const key = email.toLowerCase();
  const first = known.seen.get(key);
  if (first !== undefined) return fail('email', `Email is already on row ${first}`);
  known.seen.set(key, row);
  const account = known.accounts.get(key);
  if (account)
    return { ...base, outcome: 'skipped', message: account.invited ? 'already_invited' : 'already_member' };
  const role = (cells.role || 'USER').toUpperCase() as Role;
  if (!(ASSIGNABLE_ROLES as readonly string[]).includes(role))
    return fail('role', `role must be one of ${ASSIGNABLE_ROLES.join(', ')}`);
  const grant = mayGrant(s.actor, { role });
  if (!grant.allowed) return fail('role', grant.message);
  const names = (cells.teams ?? '')
    .split(';')
    .map((n) => n.trim())
    .filter(Boolean);
  const unknownTeam = names.find((n) => !known.teamsByName.has(n.toLowerCase()));
  if (unknownTeam) return fail('teams', `Unknown $t(words.team) "${unknownTeam}"`);
  const teamIds = [...new Set(names.map((n) => known.teamsByName.get(n.toLowerCase())!))];
  const assign = mayAssignTeams(s.actor, teamIds);
  if (!assign.allowed) return fail('teams', assign.message);
  if (teamScope(s.actor) && teamIds.length === 0)
    return fail('teams', 'teams must name one of the $t(words.teams) you lead');
  const long = (['first_name', 'last_name'] as const).find((c) => (cells[c] ?? '').length > NAME_MAX);
  if (long) return fail(long, `${long} must be ${NAME_MAX} characters or less`);
  return {
    ...base,
    outcome: 'pending',
    role,
    teamIds,
    firstName: cells.first_name || null,
    lastName: cells.last_name || null,
  };
}

/**
 * The check step: looks the emails up in chunks, checks every row and writes them to user_import_rows in chunks,
 * yielding between chunks. A retry starts it over (it wrote nothing else).
 */
async function checkStep(db: Db, s: ImportState, jobId: string) {
  await deleteImportRows(db, { clientId: s.clientId, importId: jobId });
  const rows = s.rows ?? readImportCsv(s.csv);
  const teamsByName = await teamIdsByName(db, { clientId: s.clientId });
  const accounts = new Map<string, { invited: boolean }>();
  const emails = [...new Set(rows.map((r) => (r.cells.email ?? '').toLowerCase()).filter(Boolean))];
  for (let i = 0; i < emails.length; i += EMAIL_LOOKUP_CHUNK) {
    const found = await accountsByEmail(db, {
      clientId: s.clientId,
      emails: emails.slice(i, i + EMAIL_LOOKUP_CHUNK),
    });
    for (const [email, account] of found) accounts.set(email, account);
    await yieldToRequests();
  }
  const words = wordsIn(DEFAULT_LOCALE, await getClientWords(db, { clientId: s.clientId }));
  const known = { teamsByName, accounts, seen: new Map<string, number>(), words };
  const checked = rows.map((r) => checkRow(s, r, known));
  for (let i = 0; i < checked.length; i += ROW_INSERT_CHUNK) {
    await insertImportRows(db, {
      clientId: s.clientId,
      importId: jobId,
      rows: checked.slice(i, i + ROW_INSERT_CHUNK),
    });
    await yieldToRequests();
  }
}

/**
 * Invites the next INVITE_CHUNK checked rows in one transaction (an email taken meanwhile is reported as skipped);
 * answers whether rows were left to invite.
 */
async function inviteChunk(tx: Db, s: ImportState, jobId: string): Promise<boolean> {
  const chunk = await pendingImportRows(tx, { clientId: s.clientId, importId: jobId, limit: INVITE_CHUNK });
  if (chunk.length === 0) return false;
  const taken = await accountsByEmail(tx, {
    clientId: s.clientId,
    emails: chunk.map((p) => p.email.toLowerCase()),
  });
  const scope = teamScope(s.actor);
  const fresh = chunk.filter((p) => !taken.has(p.email.toLowerCase()));
  const ids = await insertInvitedUsers(tx, {
    clientId: s.clientId,
    people: fresh.map((p) => ({
      email: p.email,
      role: p.role!,
      teamTags: scope && p.role === 'ANALYST' ? [...scope] : [],
      firstName: p.firstName,
      lastName: p.lastName,
    })),
  });
  await insertTeamMemberships(tx, {
    clientId: s.clientId,
    members: fresh.flatMap((p) =>
      p.teamIds.map((teamId) => ({ teamId, userId: ids.get(p.email.toLowerCase())! })),
    ),
  });
  await settleImportRows(tx, {
    clientId: s.clientId,
    importId: jobId,
    results: chunk.map((p) => {
      const account = taken.get(p.email.toLowerCase());
      return account
        ? {
            row: p.row,
            outcome: 'skipped' as const,
            userId: null,
            message: account.invited ? 'already_invited' : 'already_member',
          }
        : { row: p.row, outcome: 'invited' as const, userId: ids.get(p.email.toLowerCase())!, message: null };
    }),
  });
  return true;
}

/** Rewrites an import started before its rows had a table into rows and a small payload, where it stood. */
async function fromLegacy(db: Db, legacy: LegacyState, jobId: string): Promise<ImportState> {
  const { pending, invited, skipped, errors, cursor, emailed, percent: _p, ...rest } = legacy;
  const s: ImportState = { ...rest, csv: '', rowCount: legacy.rows.length };
  if (s.step === 'check') return s;
  delete s.rows;
  const blank = { role: null, teamIds: [], firstName: null, lastName: null, column: null, message: null };
  const rows: ImportRowRecord[] = [
    ...invited.map((p, i) => ({
      ...blank,
      row: p.row,
      email: p.email,
      outcome: 'invited' as const,
      userId: p.user_id,
      emailed: i < emailed,
    })),
    ...skipped.map((p) => ({
      ...blank,
      row: p.row,
      email: p.email,
      outcome: 'skipped' as const,
      message: p.reason,
      userId: null,
      emailed: false,
    })),
    ...errors.map((e) => ({
      ...blank,
      row: e.row,
      email: '',
      outcome: 'error' as const,
      column: e.column,
      message: e.message,
      userId: null,
      emailed: false,
    })),
    ...pending.slice(cursor).map((p) => ({
      ...blank,
      ...p,
      outcome: 'pending' as const,
      userId: null,
      emailed: false,
    })),
  ];
  await withTransaction(db, async (tx) => {
    await deleteImportRows(tx, { clientId: s.clientId, importId: jobId });
    for (let i = 0; i < rows.length; i += ROW_INSERT_CHUNK)
      await insertImportRows(tx, {
        clientId: s.clientId,
        importId: jobId,
        rows: rows.slice(i, i + ROW_INSERT_CHUNK),
      });
    await saveImportJob(tx, {
      clientId: s.clientId,
      id: jobId,
      payload: s as unknown as Record<string, unknown>,
    });
  });
  return s;
}

/**
 * The import job: check every row, create the invitations (INVITE_CHUNK rows per transaction), then mail each
 * invited person their accept link (MAIL_CHUNK at a time), letting waiting requests in after every batch. Where each
 * row stands is committed with the batch that moved it, so a retry resumes where the failed run stopped and never
 * creates or mails anyone twice. Not transactional: it sends mail.
 */
export function importJobHandler(ctx: Pick<AppContext, 'mailer'>): JobHandler {
  return {
    async run(payload, { db, job }) {
      const given = payload as unknown as ImportState | LegacyState;
      // The rows are the job's (the import's id is the job's, except for imports started before the rows' table).
      const jobId = job.id;
      const s = isLegacy(given) ? await fromLegacy(db, given, jobId) : given;
      const save = (on: Db) =>
        saveImportJob(on, {
          clientId: s.clientId,
          id: job.id,
          payload: s as unknown as Record<string, unknown>,
        });
      if (s.step === 'check') {
        await checkStep(db, s, jobId);
        s.step = 'invite';
        s.csv = '';
        delete s.rows;
        await save(db);
        await yieldToRequests();
      }
      while (s.step === 'invite') {
        await withTransaction(db, async (tx) => {
          if (await inviteChunk(tx, s, jobId)) return;
          const counts = await importCounts(tx, { clientId: s.clientId, importId: jobId });
          await insertAudit(tx, {
            clientId: s.clientId,
            entry: {
              userId: s.actor.id,
              action: 'user.import',
              target: null,
              data: {
                rows: s.rowCount,
                invited: counts.invited,
                skipped: counts.skipped,
                errors: counts.error,
              },
            },
          });
          s.step = 'email';
          await save(tx);
        });
        await yieldToRequests();
      }
      for (;;) {
        const batch = await unmailedImportRows(db, {
          clientId: s.clientId,
          importId: jobId,
          limit: MAIL_CHUNK,
        });
        if (batch.length === 0) break;
        for (const person of batch) {
          const token = await issueInvitationToken(db, { clientId: s.clientId, userId: person.userId });
          await ctx.mailer.send({
            clientId: s.clientId,
            to: person.email,
            ...renderMail('invite', mailLocale(s.client.locale), {
              client: s.client.name,
              link: `${s.client.linkOrigin}/reset?invite=${token}`,
              days: INVITATION_TTL_DAYS,
            }),
          });
          await markImportRowEmailed(db, { clientId: s.clientId, importId: jobId, row: person.row });
        }
        await yieldToRequests();
      }
      s.status = 'done';
      await save(db);
    },
  };
}

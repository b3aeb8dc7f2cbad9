import { randomUUID } from 'node:crypto';
import type { Locale, Role, UserImport, UserImportRowError, UserImportStep } from '@rally/shared';
import type { AppContext } from '../../../context.ts';
import { badRequest, notFound } from '../../../lib/errors.ts';
import { enqueueJobs } from '../../../lib/jobs.ts';
import { getImportJob, type ImportRowRecord, importCounts, importRowsOf } from '../user-import.repository.ts';
import { type ImportRow, readImportCsv } from '../user-import-csv.ts';
import { mayFollowImport, type UserActor } from '../users.policy.ts';

export const IMPORT_JOB = 'users.import';

/** The state of an import, kept in its job's payload; its rows live in user_import_rows once checked. */
export interface ImportState {
  importId: string;
  clientId: string;
  actor: UserActor;
  /** `locale`: the importing person's language, which the invitations are written in (English for older jobs). */
  client: { name: string; linkOrigin: string; locale?: Locale };
  /**
   * The file as sent, until the check has written its rows to user_import_rows (then emptied): one string is far
   * cheaper to store and load than thousands of parsed rows. `rows`: the parsed rows of an older job's check step.
   */
  csv: string;
  rows?: ImportRow[];
  rowCount: number;
  step: UserImportStep;
  status: UserImport['status'];
}

/** The state of an import started before its rows had a table: everything in the payload. */
export interface LegacyState extends Omit<ImportState, 'rowCount' | 'csv' | 'rows'> {
  rows: ImportRow[];
  percent: number;
  pending: {
    row: number;
    email: string;
    role: Role;
    teamIds: string[];
    firstName: string | null;
    lastName: string | null;
  }[];
  invited: UserImport['invited'];
  skipped: UserImport['skipped'];
  errors: UserImportRowError[];
  cursor: number;
  emailed: number;
}

export const isLegacy = (s: ImportState | LegacyState): s is LegacyState =>
  Array.isArray((s as LegacyState).pending);

type Actor = UserActor & { clientId: string };

const third = (step: number, done: number, total: number) =>
  Math.min(100, Math.floor((100 * step) / 3 + (total === 0 ? 100 / 3 : (100 * done) / (3 * total))));

type Counts = Awaited<ReturnType<typeof importCounts>>;

/**
 * What GET …/imports/{id} answers, from the payload, the rows' counts and the rows it lists: while the import runs,
 * the rows it could not take (errors, skipped); once it is done, the invited people too.
 */
function present(
  id: string,
  s: ImportState,
  counts: Counts,
  rows: readonly ImportRowRecord[],
  failure: string | null,
): UserImport {
  const invited: UserImport['invited'] = [];
  const skipped: UserImport['skipped'] = [];
  const errors: UserImportRowError[] = [];
  for (const r of rows) {
    if (r.outcome === 'invited' && r.userId) invited.push({ row: r.row, email: r.email, user_id: r.userId });
    else if (r.outcome === 'skipped')
      skipped.push({
        row: r.row,
        email: r.email,
        reason: r.message as UserImport['skipped'][number]['reason'],
      });
    else if (r.outcome === 'error')
      errors.push({ row: r.row, column: r.column as UserImportRowError['column'], message: r.message ?? '' });
  }
  const settled = counts.invited + counts.skipped;
  const percent =
    s.status === 'done'
      ? 100
      : s.step === 'check'
        ? 0
        : s.step === 'invite'
          ? third(1, settled, settled + counts.pending)
          : third(2, counts.emailed, counts.invited);
  return {
    id,
    status: failure ? 'failed' : s.status,
    step: s.step,
    percent,
    rows: s.rowCount,
    invited,
    skipped,
    errors,
    error: failure,
  };
}

const NO_COUNTS: Counts = { pending: 0, invited: 0, skipped: 0, error: 0, emailed: 0 };

function presentLegacy(id: string, s: LegacyState, failure: string | null): UserImport {
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
 * starts the import as a durable job whose id is the import's; rows are checked, invited and mailed by the job
 * (importJobHandler).
 */
export async function startImport(
  ctx: AppContext,
  actor: Actor,
  client: { name: string; linkOrigin: string | null; locale: Locale },
  csv: string,
): Promise<UserImport> {
  const rows = readImportCsv(csv);
  if (!client.linkOrigin) throw badRequest('This app has no address for links yet: add its domain first');
  const id = randomUUID();
  const state: ImportState = {
    importId: id,
    clientId: actor.clientId,
    actor: { id: actor.id, role: actor.role, team_tags: [...actor.team_tags] },
    client: { name: client.name, linkOrigin: client.linkOrigin, locale: client.locale },
    csv,
    rowCount: rows.length,
    step: 'check',
    status: 'running',
  };
  await enqueueJobs(ctx.db, [{ id, kind: IMPORT_JOB, payload: state as unknown as Record<string, unknown> }]);
  return present(id, state, NO_COUNTS, [], null);
}

/**
 * GET /api/admin/users/imports/{id}: 404 for an id of another client, no import, or an import of somebody else when
 * the reader is not an admin (mayFollowImport).
 */
export async function getImport(ctx: AppContext, actor: Actor, id: string): Promise<UserImport> {
  const job = await getImportJob(ctx.db, { clientId: actor.clientId, id, kind: IMPORT_JOB });
  if (!job) throw notFound('Import not found');
  const state = job.payload as unknown as ImportState | LegacyState;
  if (!mayFollowImport(actor, state.actor)) throw notFound('Import not found');
  const failure = job.givenUp && job.error ? job.error : null;
  if (isLegacy(state)) return presentLegacy(id, state, failure);
  const at = { clientId: actor.clientId, importId: job.id };
  const counts = await importCounts(ctx.db, at);
  const rows = await importRowsOf(ctx.db, {
    ...at,
    outcomes: state.status === 'done' ? undefined : ['skipped', 'error'],
  });
  return present(id, state, counts, rows, failure);
}

/** Checks one row: the email (SPEC 5), a role the actor may grant, team names the actor may use. */

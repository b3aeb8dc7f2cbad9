import {
  APPLICANTS_EXPORT_MAX,
  type ApplicantQueueQuery,
  type ApplicationQuestion,
  csvCell,
} from '@rally/shared';
import type { Db } from '../../../db/client.ts';
import { insertAudit } from '../../audit/audit.repository.ts';
import { presentPerson } from '../applicants.presenter.ts';
import { findApplicantsForExport } from '../applicants.repository.ts';

const BATCH = 500;
/** The queue filters an export records in its audit row (paging is not a filter: the export reads every page). */
const FILTERS = ['application', 'status', 'from', 'to', 'q'] as const;

/** The filters the export was given, by name; those not given are left out. */
function filtersOf(query: ApplicantQueueQuery): Record<string, string> {
  const given: Record<string, string> = {};
  for (const name of FILTERS) {
    const value = query[name];
    if (value !== undefined && value !== '') given[name] = String(value);
  }
  return given;
}

/** An answer as one line of text. */
function answerText(value: unknown): string {
  if (Array.isArray(value)) return value.join('; ');
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  return value === undefined || value === null ? '' : String(value);
}

/**
 * GET /api/admin/applicants/export: the filtered queue as CSV (newest first, at most APPLICANTS_EXPORT_MAX rows,
 * read in batches by keyset). Filtered to one form, each question gets a column; otherwise the answers share one
 * column as "question: answer" lines. Every cell is defused against spreadsheet formulas. Leaves an audit row
 * `applicant.export` naming the actor, the filters given and how many applicants the file holds.
 */
export async function exportApplicantsCsv(
  db: Db,
  { clientId, actorId, query }: { clientId: string; actorId: string; query: ApplicantQueueQuery },
): Promise<string> {
  const rows: Awaited<ReturnType<typeof findApplicantsForExport>> = [];
  let cursor: string | undefined;
  while (rows.length < APPLICANTS_EXPORT_MAX) {
    const limit = Math.min(BATCH, APPLICANTS_EXPORT_MAX - rows.length);
    const batch = await findApplicantsForExport(db, { clientId, query, cursor, limit });
    rows.push(...batch);
    if (batch.length < limit) break;
    cursor = batch.at(-1)!.id;
  }
  const perQuestion: ApplicationQuestion[] = query.application ? (rows[0]?.application.questions ?? []) : [];
  const header = [
    'Submitted',
    'Status',
    'Form',
    'Name',
    'Email',
    'Email verified',
    'Reviewer message',
    ...(query.application ? perQuestion.map((q) => q.label) : ['Answers']),
  ];
  const lines = rows.map((row) => {
    const person = presentPerson(row.person);
    const answers = row.answers as Record<string, unknown>;
    const answerCells = query.application
      ? perQuestion.map((q) => answerText(answers[q.id]))
      : [row.application.questions.map((q) => `${q.label}: ${answerText(answers[q.id])}`).join('\n')];
    return [
      row.createdAt.toISOString(),
      row.status,
      row.application.title,
      person.display_name,
      person.email ?? '',
      person.email_verified ? 'yes' : 'no',
      row.reviewNote ?? '',
      ...answerCells,
    ];
  });
  await insertAudit(db, {
    clientId,
    entry: {
      userId: actorId,
      action: 'applicant.export',
      target: null,
      data: { ...filtersOf(query), rows: rows.length },
    },
  });
  return `${[header, ...lines].map((cells) => cells.map(csvCell).join(',')).join('\r\n')}\r\n`;
}

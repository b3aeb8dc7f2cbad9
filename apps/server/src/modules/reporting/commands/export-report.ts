import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  type CreateReportExportRequest,
  DEFAULT_LOCALE,
  REPORT_COLUMNS,
  REPORT_EXPORT_MAX_ROWS,
  REPORT_EXPORT_TTL_HOURS,
  type ReportExport,
  type ReportFilters,
  type ReportName,
} from '@rally/shared';
import type { AppContext } from '../../../context.ts';
import { withTransaction } from '../../../db/transaction.ts';
import type { JobHandler } from '../../../jobs/runner.ts';
import { wordsIn } from '../../../lib/client-words.ts';
import { notFound } from '../../../lib/errors.ts';
import { enqueueJob, yieldToRequests } from '../../../lib/jobs.ts';
import { getClientWords } from '../../notifications/notifications.repository.ts';
import {
  getReportExport,
  insertReportExport,
  type ReportExportRow,
  updateReportExport,
} from '../report-exports.repository.ts';
import { createCsvWriter, createXlsxWriter, type ReportFileWriter, reportHeading } from '../report-file.ts';
import { ownsReportItem } from '../reporting.policy.ts';
import { presentReportRow } from '../reporting.presenter.ts';
import {
  findMemberReportRows,
  findMemberSortKeys,
  findReportRows,
  type ReportScope,
  sortReportKeys,
} from '../reporting.repository.ts';
import { resolveScope, resolveSort } from '../reporting.scope.ts';

export const EXPORT_JOB = 'reports.export';
/** Rows read per query while exporting. */
const BATCH = 1000;
const CONTENT_TYPES = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
} as const;

/** The export as the API answers it; the download link only once the file is stored. */
export function presentExport(row: ReportExportRow): ReportExport {
  return {
    id: row.id,
    report: row.report as ReportName,
    format: row.format as ReportExport['format'],
    status: row.status as ReportExport['status'],
    step: row.step as ReportExport['step'],
    percent: row.percent,
    rows: row.rows,
    download_url: row.status === 'done' ? `/api/admin/reports/${row.report}/exports/${row.id}/file` : null,
    error: row.error,
    expires_at: row.expiresAt?.toISOString() ?? null,
  };
}

/**
 * POST /api/admin/reports/{report}/exports: checks the filters and sort (400/404 with nothing created), then adds
 * the export and its durable job in one transaction.
 */
export async function startReportExport(
  ctx: Pick<AppContext, 'db'>,
  input: { clientId: string; userId: string; report: ReportName; body: CreateReportExportRequest },
): Promise<ReportExport> {
  const { format, sort, dir, ...filters } = input.body;
  const column = resolveSort(input.report, sort);
  await resolveScope(ctx.db, { clientId: input.clientId, report: input.report, filters });
  const row = await withTransaction(ctx.db, async (tx) => {
    const created = await insertReportExport(tx, {
      clientId: input.clientId,
      userId: input.userId,
      report: input.report,
      format,
      filters: { ...filters, sort: column, dir },
    });
    await enqueueJob(tx, EXPORT_JOB, { clientId: input.clientId, exportId: created.id });
    return created;
  });
  return presentExport(row);
}

/** The caller's export of this report: 404 for another client's, another admin's or another report's. */
export async function getOwnExport(
  ctx: Pick<AppContext, 'db'>,
  q: { clientId: string; userId: string; report: ReportName; id: string },
): Promise<ReportExportRow> {
  const row = await getReportExport(ctx.db, { clientId: q.clientId, id: q.id });
  if (!row || row.report !== q.report || !ownsReportItem({ id: q.userId }, row))
    throw notFound('Export not found');
  return row;
}

/**
 * Writes the whole report (at most REPORT_EXPORT_MAX_ROWS rows) to `path`, calling `progress` with the share of rows
 * written after each page, and letting waiting requests in between pages (bench: jobs-under-load). The members
 * report, one row per member, is read in short statements over chunks of members (writeMembersReport); the other
 * reports, a row per activity, network, badge or project, in pages of BATCH rows.
 */
export async function writeReportFile(
  ctx: Pick<AppContext, 'db'>,
  q: { scope: ReportScope; report: ReportName; sort: string; dir: 'asc' | 'desc'; writer: ReportFileWriter },
  progress: (done: number, total: number) => Promise<void>,
): Promise<number> {
  if (q.report === 'members') return writeMembersReport(ctx, q, progress);
  const columns = Object.keys(REPORT_COLUMNS[q.report]);
  let cursor: string | undefined;
  let written = 0;
  while (written < REPORT_EXPORT_MAX_ROWS) {
    const limit = Math.min(BATCH, REPORT_EXPORT_MAX_ROWS - written);
    const page = await findReportRows(ctx.db, {
      ...q.scope,
      report: q.report,
      sort: q.sort,
      dir: q.dir,
      limit,
      cursor,
    });
    await writeRows(q.writer, q.report, columns, page.rows);
    written += page.rows.length;
    await progress(written, Math.min(page.total, REPORT_EXPORT_MAX_ROWS));
    if (!page.hasMore || page.rows.length === 0) break;
    cursor = String(page.rows.at(-1)!.id);
  }
  return written;
}

/** Members per statement of the members report's export: each a short statement over their own figures. */
const MEMBER_CHUNK = 50;

/**
 * The members report in the table's order without aggregating every member per page (on the embedded database one
 * such statement holds the one connection for a quarter of a second per thousand members): the sort value of each
 * member, chunk by chunk; their order (one sort of those values, as findReportRows orders them); then the rows of
 * each chunk of that order, written in it. Reads only the figures, like the pages did, never the whole table at once.
 */
async function writeMembersReport(
  ctx: Pick<AppContext, 'db'>,
  q: { scope: ReportScope; report: ReportName; sort: string; dir: 'asc' | 'desc'; writer: ReportFileWriter },
  progress: (done: number, total: number) => Promise<void>,
): Promise<number> {
  const keys: { id: string; key: string | number | null }[] = [];
  let after: string | null = null;
  for (;;) {
    const chunk = await findMemberSortKeys(ctx.db, { ...q.scope, sort: q.sort, after, limit: MEMBER_CHUNK });
    keys.push(...chunk);
    await yieldToRequests();
    if (chunk.length < MEMBER_CHUNK) break;
    after = chunk.at(-1)!.id;
  }
  const type = (REPORT_COLUMNS.members as Record<string, string>)[q.sort];
  // Text is sorted by the database (its collation, as the pages were); numbers here, the same way: by value, nulls
  // last, then by id (uuids in text, whose order every collation agrees on).
  const order =
    type === 'text'
      ? await sortReportKeys(ctx.db, { keys, isText: true, dir: q.dir, limit: REPORT_EXPORT_MAX_ROWS })
      : sortNumericKeys(keys, q.dir).slice(0, REPORT_EXPORT_MAX_ROWS);
  const columns = Object.keys(REPORT_COLUMNS.members);
  let written = 0;
  if (order.length === 0) await progress(0, 0);
  for (let i = 0; i < order.length; i += MEMBER_CHUNK) {
    const ids = order.slice(i, i + MEMBER_CHUNK);
    const byId = new Map(
      (await findMemberReportRows(ctx.db, { ...q.scope, ids })).map((row) => [String(row.id), row]),
    );
    // A member gone since their sort value was read is left out, as a later page would have.
    const rows = ids.map((id) => byId.get(id)).filter((row) => row !== undefined);
    await writeRows(q.writer, 'members', columns, rows);
    written += rows.length;
    await progress(written, order.length);
  }
  return written;
}

/** Ids by numeric key in `dir` order, nulls last, ties by id (as `order by key dir nulls last, id`). */
function sortNumericKeys(keys: { id: string; key: string | number | null }[], dir: 'asc' | 'desc'): string[] {
  const sign = dir === 'asc' ? 1 : -1;
  return keys
    .map(({ id, key }) => ({ id, key: key === null ? null : Number(key) }))
    .sort((a, b) => {
      if (a.key !== b.key) {
        if (a.key === null) return 1;
        if (b.key === null) return -1;
        return sign * (a.key - b.key);
      }
      return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
    })
    .map((k) => k.id);
}

/** Writes rows of a report to the file, letting waiting requests in every WRITE_CHUNK rows. */
async function writeRows(
  writer: ReportFileWriter,
  report: ReportName,
  columns: string[],
  rows: Record<string, unknown>[],
) {
  for (let i = 0; i < rows.length; i++) {
    const row = presentReportRow(report, rows[i]!);
    await writer.addRow(columns.map((c) => row.cells[c] ?? null));
    if ((i + 1) % WRITE_CHUNK === 0) await yieldToRequests();
  }
  await yieldToRequests();
}

/** Rows written to the file between turns given to waiting requests. */
const WRITE_CHUNK = 100;

/** Storage key of an export's file: fixed per export, so a retried job overwrites rather than adds. */
const keyOf = (row: ReportExportRow) => `${row.clientId}/reports/${row.id}.${row.format}`;

/**
 * The export job: read the report page by page into a temporary file (step read, 0–80 %), finish the file
 * (write), put it into storage (store), then mark it done with its expiry and schedule its removal. A done export
 * is left alone, and a retry starts over into the same storage key, so running it twice stores one file.
 */
export function exportJobHandler(ctx: Pick<AppContext, 'storage'>): JobHandler {
  return {
    async run(payload, { db }) {
      const { clientId, exportId } = payload as { clientId: string; exportId: string };
      const row = await getReportExport(db, { clientId, id: exportId });
      if (!row || row.status === 'done') return;
      const save = (patch: Partial<ReportExportRow>) =>
        updateReportExport(db, { clientId, id: row.id, patch });
      const { sort, dir, ...filters } = row.filters as ReportFilters & { sort: string; dir: 'asc' | 'desc' };
      const report = row.report as ReportName;
      const dirPath = await mkdtemp(join(tmpdir(), 'rally-report-'));
      try {
        await save({ status: 'running', step: 'read', percent: 0, error: null });
        const scope = await resolveScope(db, { clientId, report, filters, now: row.createdAt });
        const path = join(dirPath, `report.${row.format}`);
        const words = wordsIn(DEFAULT_LOCALE, await getClientWords(db, { clientId }));
        const header = Object.keys(REPORT_COLUMNS[report]).map((key) => reportHeading(key, words));
        const writer =
          row.format === 'xlsx'
            ? await createXlsxWriter(path, header, report)
            : await createCsvWriter(path, header);
        const rows = await writeReportFile({ db }, { scope, report, sort, dir, writer }, (done, total) =>
          save({ percent: total === 0 ? 80 : Math.floor((80 * done) / total), rows: done }),
        );
        await save({ step: 'write', percent: 85, rows });
        await writer.close();
        await save({ step: 'store', percent: 90 });
        await ctx.storage.putFile(keyOf(row), path, CONTENT_TYPES[row.format as 'csv' | 'xlsx']);
        const expiresAt = new Date(Date.now() + REPORT_EXPORT_TTL_HOURS * 3600_000);
        await withTransaction(db, async (tx) => {
          await updateReportExport(tx, {
            clientId,
            id: row.id,
            patch: { status: 'done', step: 'done', percent: 100, storageKey: keyOf(row), expiresAt },
          });
          await enqueueJob(tx, CLEANUP_JOB, {}, expiresAt);
        });
      } catch (err) {
        await save({ status: 'failed', error: err instanceof Error ? err.message : String(err) });
        throw err;
      } finally {
        await rm(dirPath, { recursive: true, force: true });
      }
    },
  };
}

/** The job that removes expired exports (commands/cleanup-exports.ts), one scheduled at each expiry. */
export const CLEANUP_JOB = 'reports.cleanup';

/** The content type of an export's file, for the download route. */
export function contentTypeOf(format: string): string {
  return CONTENT_TYPES[format as 'csv' | 'xlsx'] ?? 'application/octet-stream';
}

import {
  type CreateReportSubscriptionRequest,
  DEFAULT_LOCALE,
  REPORT_COLUMNS,
  REPORT_SUBSCRIPTIONS_MAX,
  type ReportFrequency,
  type ReportName,
  type ReportSubscription,
} from '@rally/shared';
import type { AppContext } from '../../../context.ts';
import type { Db } from '../../../db/client.ts';
import { withTransaction } from '../../../db/transaction.ts';
import type { JobHandler } from '../../../jobs/runner.ts';
import { type Words, wordsIn } from '../../../lib/client-words.ts';
import { badRequest } from '../../../lib/errors.ts';
import { enqueueJob } from '../../../lib/jobs.ts';
import { getClientWords } from '../../notifications/notifications.repository.ts';
import type { ReportSubscriptionRow } from '../report-exports.repository.ts';
import { reportHeading } from '../report-file.ts';
import {
  countOwnSubscriptions,
  getSubscription,
  insertReportSubscription,
  moveSubscriptionRun,
} from '../report-subscriptions.repository.ts';
import { useReports } from '../reporting.policy.ts';
import { resolveScope } from '../reporting.scope.ts';
import { startReportExport } from './export-report.ts';
import { readReport } from './read-report.ts';

export const SUBSCRIPTION_JOB = 'reports.subscription';
/** Rows of the table quoted in the email. */
const EMAIL_ROWS = 10;

/** The next send after `from`: next Monday 07:00 UTC (weekly) or the 1st of next month 07:00 UTC (monthly). */
export function nextRunAfter(from: Date, frequency: ReportFrequency): Date {
  const d = new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth(), from.getUTCDate(), 7));
  if (frequency === 'monthly') return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1, 7));
  const toMonday = (8 - d.getUTCDay()) % 7 || 7;
  return new Date(d.getTime() + toMonday * 86_400_000);
}

/** The days an email covers: the 7 days before the send (weekly) or the previous calendar month (monthly). */
export function rangeFor(sendAt: Date, frequency: ReportFrequency): { from: string; to: string } {
  const day = (t: number) => new Date(t).toISOString().slice(0, 10);
  const today = Date.UTC(sendAt.getUTCFullYear(), sendAt.getUTCMonth(), sendAt.getUTCDate());
  if (frequency === 'weekly') return { from: day(today - 7 * 86_400_000), to: day(today - 86_400_000) };
  const first = Date.UTC(sendAt.getUTCFullYear(), sendAt.getUTCMonth() - 1, 1);
  return {
    from: day(first),
    to: day(Date.UTC(sendAt.getUTCFullYear(), sendAt.getUTCMonth(), 1) - 86_400_000),
  };
}

/** A subscription as the API answers it. */
export function presentSubscription(row: ReportSubscriptionRow): ReportSubscription {
  return {
    id: row.id,
    report: row.report as ReportName,
    frequency: row.frequency as ReportFrequency,
    filters: row.filters as ReportSubscription['filters'],
    next_run_at: row.nextRunAt.toISOString(),
    last_sent_at: row.lastSentAt?.toISOString() ?? null,
  };
}

interface JobPayload {
  clientId: string;
  subscriptionId: string;
  client: { name: string; linkOrigin: string };
}

/**
 * POST /api/admin/reports/{report}/subscriptions: checks the filters (400/404), the client's link address and
 * the admin's limit, then adds the subscription and its first send as a durable job in one transaction.
 */
export async function subscribeToReport(
  ctx: Pick<AppContext, 'db'>,
  input: {
    clientId: string;
    userId: string;
    report: ReportName;
    body: CreateReportSubscriptionRequest;
    client: { name: string; linkOrigin: string | null };
  },
): Promise<ReportSubscription> {
  const { frequency, ...filters } = input.body;
  await resolveScope(ctx.db, { clientId: input.clientId, report: input.report, filters });
  const linkOrigin = input.client.linkOrigin;
  if (!linkOrigin) throw badRequest('This app has no address for links yet: add its domain first');
  if ((await countOwnSubscriptions(ctx.db, input)) >= REPORT_SUBSCRIPTIONS_MAX)
    throw badRequest(`You can hold at most ${REPORT_SUBSCRIPTIONS_MAX} scheduled reports`);
  const nextRunAt = nextRunAfter(new Date(), frequency);
  const row = await withTransaction(ctx.db, async (tx) => {
    const sub = await insertReportSubscription(tx, { ...input, frequency, filters, nextRunAt });
    const payload: JobPayload = {
      clientId: input.clientId,
      subscriptionId: sub.id,
      client: { name: input.client.name, linkOrigin },
    };
    await enqueueJob(tx, SUBSCRIPTION_JOB, { ...payload }, nextRunAt);
    return sub;
  });
  return presentSubscription(row);
}

/** The email: the range, the headline figures, the first rows of the table and the link to the CSV. */
function emailText(
  p: JobPayload,
  report: Awaited<ReturnType<typeof readReport>>,
  csvUrl: string,
  pageUrl: string,
  words: Words,
): string {
  const columns = Object.keys(REPORT_COLUMNS[report.report]);
  const headings = columns.map((c) => reportHeading(c, words));
  const summary = Object.entries(report.summary).map(([k, v]) => `- ${k.replaceAll('_', ' ')}: ${v}`);
  const rows = report.rows.map((r) => `- ${columns.map((c) => r.cells[c] ?? '—').join(' · ')}`);
  return [
    `${p.client.name}: the ${report.report} report from ${report.from} to ${report.to}.`,
    '',
    ...summary,
    '',
    `Top ${rows.length} of ${report.total_rows} rows (${headings.join(' · ')}):`,
    ...rows,
    '',
    `The whole table as CSV (sign in as an admin; the link works for a day once ready): ${csvUrl}`,
    `Open the report: ${pageUrl}`,
  ].join('\n');
}

/** Reads the report for the period just ended, starts its CSV export for the subscriber and mails both. */
async function sendReport(
  ctx: Pick<AppContext, 'mailer'>,
  db: Db,
  p: JobPayload,
  found: { sub: ReportSubscriptionRow; email: string },
  now: Date,
): Promise<void> {
  const { sub } = found;
  const frequency = sub.frequency as ReportFrequency;
  const report = sub.report as ReportName;
  const filters = { ...(sub.filters as CreateReportSubscriptionRequest), ...rangeFor(now, frequency) };
  const read = await readReport(db, {
    clientId: p.clientId,
    report,
    query: { ...filters, dir: 'desc', limit: EMAIL_ROWS },
  });
  const started = await startReportExport(
    { db },
    { clientId: p.clientId, userId: sub.userId, report, body: { ...filters, format: 'csv', dir: 'desc' } },
  );
  const query = new URLSearchParams({ report, from: read.from, to: read.to });
  await ctx.mailer.send({
    clientId: p.clientId,
    to: found.email,
    subject: `${p.client.name}: your ${frequency} ${report} report`,
    text: emailText(
      p,
      read,
      `${p.client.linkOrigin}/api/admin/reports/${report}/exports/${started.id}/file`,
      `${p.client.linkOrigin}/admin/reporting?${query}`,
      wordsIn(DEFAULT_LOCALE, await getClientWords(db, { clientId: p.clientId })),
    ),
  });
}

/**
 * The scheduled send. The run is claimed first by moving the subscription to its next run (compare-and-set), so
 * a duplicate or concurrent job for the same run sends nothing; a failed send gives the run back and throws, so
 * the retry sends it (a run lost to a crash between claim and mail is skipped: at most one email per period).
 * The next send is enqueued in the claim's transaction (a duplicate job it leaves after a failed send finds the run
 * already claimed and does nothing). A removed subscription, or a subscriber no longer an active
 * ADMIN with an email, gets no mail (the schedule moves on, in case they are made admin again).
 */
export function subscriptionJobHandler(ctx: Pick<AppContext, 'mailer'>): JobHandler {
  return {
    async run(payload, { db }) {
      const p = payload as unknown as JobPayload;
      const found = await getSubscription(db, { clientId: p.clientId, id: p.subscriptionId });
      if (!found) return;
      const { sub } = found;
      const now = new Date();
      if (sub.nextRunAt.getTime() > now.getTime() + 60_000) return;
      const nextRunAt = nextRunAfter(now, sub.frequency as ReportFrequency);
      const move = { clientId: p.clientId, id: sub.id };
      // The claim and the next run's job land together, so the schedule goes on whatever happens to this send.
      const claimed = await withTransaction(db, async (tx) => {
        const moved = await moveSubscriptionRun(tx, {
          ...move,
          from: sub.nextRunAt,
          to: nextRunAt,
          lastSentAt: now,
        });
        if (moved) await enqueueJob(tx, SUBSCRIPTION_JOB, { ...p }, nextRunAt);
        return moved;
      });
      if (!claimed) return;
      if (found.isActive && useReports({ role: found.role }).allowed && found.email) {
        try {
          await sendReport(ctx, db, p, { sub, email: found.email }, now);
        } catch (err) {
          await moveSubscriptionRun(db, {
            ...move,
            from: nextRunAt,
            to: sub.nextRunAt,
            lastSentAt: sub.lastSentAt,
          });
          throw err;
        }
      }
    },
  };
}

import { z } from 'zod';
import { ACTIVITY_TYPES, SOCIAL_CHANNELS } from '../constants/domain.ts';
import { LIST_PAGE_SIZE, LIST_PAGE_SIZE_MAX } from '../constants/limits.ts';

/** Admin Reporting's reports (issue 13, /admin/reporting, ADMIN only). */
export const REPORTS = ['participation', 'shares', 'members', 'trainings', 'badges', 'points'] as const;
export type ReportName = (typeof REPORTS)[number];

/** How a column's value reads: text, a count, a percentage (0–100), a duration in seconds (SPEC 9 format). */
export type ReportColumnKind = 'text' | 'count' | 'percent' | 'duration';

/** Each report's table columns in order, with their kind; every column is a sort key (the whitelist). */
export const REPORT_COLUMNS = {
  participation: {
    activity: 'text',
    project: 'text',
    type: 'text',
    completions: 'count',
    participants: 'count',
  },
  shares: { network: 'text', shares: 'count', clicks: 'count', sharers: 'count', clicks_per_share: 'count' },
  members: {
    member: 'text',
    email: 'text',
    points: 'count',
    shares: 'count',
    clicks: 'count',
    completions: 'count',
    active_seconds: 'duration',
  },
  trainings: {
    training: 'text',
    project: 'text',
    completions: 'count',
    completion_rate: 'percent',
    average_score: 'percent',
    /** Minutes members spent on the training's page (the active-time ping sent from it), in seconds. */
    time_spent: 'duration',
  },
  badges: { badge: 'text', criterion: 'text', awarded: 'count', revoked: 'count', holders: 'count' },
  points: { project: 'text', points: 'count', earners: 'count' },
} as const satisfies Record<ReportName, Record<string, ReportColumnKind>>;

/** The filters each report takes; any other filter is a 400 naming it (it would silently change nothing). */
export const REPORT_FILTERS = {
  participation: ['project_id', 'team_id', 'activity_type'],
  shares: ['project_id', 'team_id', 'network'],
  members: ['project_id', 'team_id', 'activity_type', 'network'],
  trainings: ['project_id', 'team_id'],
  badges: ['team_id'],
  points: ['project_id', 'team_id'],
} as const satisfies Record<ReportName, readonly string[]>;
export type ReportFilterName = 'project_id' | 'team_id' | 'activity_type' | 'network';

/** The default column each report sorts by (descending). */
export const REPORT_DEFAULT_SORT: Record<ReportName, string> = {
  participation: 'completions',
  shares: 'shares',
  members: 'points',
  trainings: 'completions',
  badges: 'awarded',
  points: 'points',
};

/** Longest date range of one report, in days. */
export const REPORT_MAX_DAYS = 731;
/** Days of the default range (ending today, UTC). */
export const REPORT_DEFAULT_DAYS = 90;

const day = (field: string) =>
  z
    .string({ message: `${field} must be a date (YYYY-MM-DD)` })
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${field} must be a date (YYYY-MM-DD)`)
    .refine(
      (s) =>
        !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s),
      `${field} must be a real date`,
    );

/** The filters of a report (query of GET, body part of exports and subscriptions). Dates are UTC days. */
export const ReportFiltersSchema = z.object({
  /** First day, inclusive (default: REPORT_DEFAULT_DAYS days before `to`). */
  from: day('from').optional(),
  /** Last day, inclusive (default today). */
  to: day('to').optional(),
  project_id: z.uuid({ message: 'project_id must be an id' }).optional(),
  team_id: z.uuid({ message: 'team_id must be an id' }).optional(),
  activity_type: z
    .enum(ACTIVITY_TYPES, { message: `activity_type must be one of ${ACTIVITY_TYPES.join(', ')}` })
    .optional(),
  network: z
    .enum(SOCIAL_CHANNELS, { message: `network must be one of ${SOCIAL_CHANNELS.join(', ')}` })
    .optional(),
});
export type ReportFilters = z.infer<typeof ReportFiltersSchema>;

export const ReportParamsSchema = z.object({
  report: z.enum(REPORTS, { message: `report must be one of ${REPORTS.join(', ')}` }),
});

/**
 * GET /api/admin/reports/{report}: filters, sort (a column of the report, asc or desc) and SPEC 7 paging: limit
 * (negative with a cursor: the rows before it) and cursor = id of the last row seen.
 */
export const ReportQuerySchema = ReportFiltersSchema.extend({
  sort: z.string().max(40, 'sort must be a column of the report').optional(),
  dir: z.enum(['asc', 'desc'], { message: 'dir must be asc or desc' }).default('desc'),
  limit: z.coerce
    .number({ message: 'limit must be a number' })
    .int('limit must be a whole number')
    .min(-LIST_PAGE_SIZE_MAX, `limit must be between -${LIST_PAGE_SIZE_MAX} and ${LIST_PAGE_SIZE_MAX}`)
    .max(LIST_PAGE_SIZE_MAX, `limit must be between -${LIST_PAGE_SIZE_MAX} and ${LIST_PAGE_SIZE_MAX}`)
    .refine((n) => n !== 0, 'limit cannot be 0')
    .default(LIST_PAGE_SIZE),
  cursor: z.string().max(100, 'cursor must be the id of a row').optional(),
});
export type ReportQuery = z.infer<typeof ReportQuerySchema>;

/** A table row: its id (the cursor of paging) and one value per column of the report. */
export const ReportRowSchema = z.object({
  id: z.string(),
  cells: z.record(z.string(), z.union([z.string(), z.number(), z.null()])),
});
export type ReportRow = z.infer<typeof ReportRowSchema>;

/** The chart: one value per day of the range for each line (keys such as 'shares', 'completions'). */
export const ReportSeriesSchema = z.object({
  days: z.array(z.string()),
  lines: z.array(z.object({ key: z.string(), values: z.array(z.number()) })),
});
export type ReportSeries = z.infer<typeof ReportSeriesSchema>;

export const ReportResponseSchema = z.object({
  report: z.enum(REPORTS),
  from: z.string(),
  to: z.string(),
  sort: z.string(),
  dir: z.enum(['asc', 'desc']),
  /** Headline figures of the whole range (e.g. total shares, members' active seconds). */
  summary: z.record(z.string(), z.number()),
  series: ReportSeriesSchema,
  rows: z.array(ReportRowSchema),
  /** Rows of the whole table (every page). */
  total_rows: z.number().int(),
  next_cursor: z.string().nullable(),
});
export type ReportResponse = z.infer<typeof ReportResponseSchema>;

export const REPORT_EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type ReportExportFormat = (typeof REPORT_EXPORT_FORMATS)[number];
/** The ordered steps of an export, as the progress banner shows them. */
export const REPORT_EXPORT_STEPS = ['read', 'write', 'store', 'done'] as const;
export type ReportExportStep = (typeof REPORT_EXPORT_STEPS)[number];
/** Most rows one export writes. */
export const REPORT_EXPORT_MAX_ROWS = 100_000;
/** Hours a finished export stays downloadable. */
export const REPORT_EXPORT_TTL_HOURS = 24;

/** POST /api/admin/reports/{report}/exports: the format, the report's filters and its sort. */
export const CreateReportExportRequestSchema = ReportFiltersSchema.extend({
  format: z.enum(REPORT_EXPORT_FORMATS, { message: 'format must be csv or xlsx' }),
  sort: z.string().max(40, 'sort must be a column of the report').optional(),
  dir: z.enum(['asc', 'desc'], { message: 'dir must be asc or desc' }).default('desc'),
}).strict();
export type CreateReportExportRequest = z.infer<typeof CreateReportExportRequestSchema>;

export const ReportExportSchema = z.object({
  id: z.string(),
  report: z.enum(REPORTS),
  format: z.enum(REPORT_EXPORT_FORMATS),
  status: z.enum(['running', 'done', 'failed']),
  step: z.enum(REPORT_EXPORT_STEPS),
  /** 0–100 over the steps. */
  percent: z.number().int().min(0).max(100),
  rows: z.number().int(),
  /** Where to download the file (status done), as a blob (SPEC 7). */
  download_url: z.string().nullable(),
  error: z.string().nullable(),
  expires_at: z.string().nullable(),
});
export type ReportExport = z.infer<typeof ReportExportSchema>;
export const ReportExportResponseSchema = z.object({ export: ReportExportSchema });
export type ReportExportResponse = z.infer<typeof ReportExportResponseSchema>;

export const REPORT_FREQUENCIES = ['weekly', 'monthly'] as const;
export type ReportFrequency = (typeof REPORT_FREQUENCIES)[number];
/** Most subscriptions one admin holds. */
export const REPORT_SUBSCRIPTIONS_MAX = 20;

/** POST /api/admin/reports/{report}/subscriptions: how often, and the report's filters (dates are relative). */
export const CreateReportSubscriptionRequestSchema = ReportFiltersSchema.omit({ from: true, to: true })
  .extend({
    frequency: z.enum(REPORT_FREQUENCIES, { message: 'frequency must be weekly or monthly' }),
  })
  .strict();
export type CreateReportSubscriptionRequest = z.infer<typeof CreateReportSubscriptionRequestSchema>;

export const ReportSubscriptionSchema = z.object({
  id: z.string(),
  report: z.enum(REPORTS),
  frequency: z.enum(REPORT_FREQUENCIES),
  filters: ReportFiltersSchema.omit({ from: true, to: true }),
  next_run_at: z.string(),
  last_sent_at: z.string().nullable(),
});
export type ReportSubscription = z.infer<typeof ReportSubscriptionSchema>;
export const ReportSubscriptionResponseSchema = z.object({ subscription: ReportSubscriptionSchema });
/** GET /api/admin/report-subscriptions: the caller's own subscriptions, newest first. */
export const ReportSubscriptionsResponseSchema = z.object({
  subscriptions: z.array(ReportSubscriptionSchema),
});
export type ReportSubscriptionsResponse = z.infer<typeof ReportSubscriptionsResponseSchema>;

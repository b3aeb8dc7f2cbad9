import {
  ACTIVITY_TYPES,
  REPORT_COLUMNS,
  REPORT_DEFAULT_SORT,
  REPORT_FILTERS,
  REPORTS,
  type ReportFilterName,
  type ReportFilters,
  type ReportName,
  SOCIAL_CHANNELS,
} from '@rally/shared';

/** What the page shows, kept in the address so a reload or a shared link opens the same report. */
export interface ReportView {
  report: ReportName;
  filters: ReportFilters;
  sort: string;
  dir: 'asc' | 'desc';
  /** The id of the row after which the page starts (SPEC 7 cursor); none for the first page. */
  cursor?: string;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const FILTERS: ReportFilterName[] = ['project_id', 'team_id', 'activity_type', 'network'];
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The view of an address's query: anything unknown or not for this report is left out. */
export function readReportView(params: URLSearchParams): ReportView {
  const name = params.get('report');
  const report = (REPORTS as readonly string[]).includes(name ?? '') ? (name as ReportName) : 'participation';
  const filters: ReportFilters = {};
  const from = params.get('from');
  const to = params.get('to');
  if (from && DAY.test(from)) filters.from = from;
  if (to && DAY.test(to)) filters.to = to;
  const project = params.get('project_id');
  const team = params.get('team_id');
  const type = params.get('activity_type');
  const network = params.get('network');
  if (project && UUID.test(project)) filters.project_id = project;
  if (team && UUID.test(team)) filters.team_id = team;
  if ((ACTIVITY_TYPES as readonly string[]).includes(type ?? '')) filters.activity_type = type as never;
  if ((SOCIAL_CHANNELS as readonly string[]).includes(network ?? '')) filters.network = network as never;
  const sort = params.get('sort') ?? '';
  const cursor = params.get('cursor') ?? undefined;
  return {
    report,
    filters: onlyApplicable(report, filters),
    sort: Object.hasOwn(REPORT_COLUMNS[report], sort) ? sort : REPORT_DEFAULT_SORT[report],
    dir: params.get('dir') === 'asc' ? 'asc' : 'desc',
    cursor: cursor && cursor.length <= 100 ? cursor : undefined,
  };
}

/** The filters a report takes (the server answers 400 for the others). */
export function onlyApplicable(report: ReportName, filters: ReportFilters): ReportFilters {
  const out: ReportFilters = { from: filters.from, to: filters.to };
  for (const name of FILTERS)
    if ((REPORT_FILTERS[report] as readonly string[]).includes(name) && filters[name])
      out[name] = filters[name] as never;
  return out;
}

/** The address's query for a view (empty values left out). */
export function writeReportView(view: ReportView): URLSearchParams {
  const params = new URLSearchParams({ report: view.report });
  for (const [key, value] of Object.entries(view.filters)) if (value) params.set(key, String(value));
  if (view.sort !== REPORT_DEFAULT_SORT[view.report]) params.set('sort', view.sort);
  if (view.dir !== 'desc') params.set('dir', view.dir);
  if (view.cursor) params.set('cursor', view.cursor);
  return params;
}

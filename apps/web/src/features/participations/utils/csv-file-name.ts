/** The filters the export was made with. */
export interface ExportFilters {
  status: string;
  type: string;
  /** Name of the filtered project, if any. */
  projectName?: string | null;
}

function slug(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40)
    .replace(/-+$/, '');
}

/** YYYY-MM-DD of a date in local time. */
function localDay(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/**
 * "participation-2026-03-01.csv", with the filters in it when there are any:
 * "participation-spring-launch-pending-content-submission-2026-03-01.csv".
 */
export function getCsvFileName(filters: ExportFilters, now: Date = new Date()): string {
  const parts = [
    filters.projectName ? slug(filters.projectName) : '',
    filters.status === 'all' ? '' : slug(filters.status),
    filters.type === 'all' ? '' : slug(filters.type),
  ].filter(Boolean);
  return ['participation', ...parts, localDay(now)].join('-').concat('.csv');
}

import { ACTIVITY_FILTERS } from '@rally/shared';
import { PARTICIPATION_STATUSES, type ParticipationFilters } from '../api/query-keys';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const pick = <T extends string>(options: readonly T[], value: string | null, fallback: T): T =>
  options.find((option) => option === value) ?? fallback;

/** The filters in the page's URL (?status=&type=&project_id=); anything unknown means all. */
export function readFilters(params: URLSearchParams): ParticipationFilters {
  const projectId = params.get('project_id');
  return {
    status: pick(PARTICIPATION_STATUSES, params.get('status'), 'all'),
    type: pick(ACTIVITY_FILTERS, params.get('type'), 'all'),
    projectId: projectId && UUID.test(projectId) ? projectId : null,
  };
}

/** The URL search of the filters, leaving out what is "all". */
export function writeFilters(filters: ParticipationFilters): Record<string, string> {
  return {
    ...(filters.status === 'all' ? {} : { status: filters.status }),
    ...(filters.type === 'all' ? {} : { type: filters.type }),
    ...(filters.projectId ? { project_id: filters.projectId } : {}),
  };
}

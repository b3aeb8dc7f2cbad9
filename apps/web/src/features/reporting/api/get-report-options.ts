import { AdminProjectsResponseSchema, AdminTeamsResponseSchema } from '@rally/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { reportKeys } from './get-report';

export interface ReportOptions {
  projects: { id: string; label: string }[];
  teams: { id: string; label: string }[];
}

/** The projects (archived ones too: their history is reported) and teams the filters offer. */
export async function getReportOptions(): Promise<ReportOptions> {
  const [projects, teams] = await Promise.all([
    api.get('/api/admin/projects', { schema: AdminProjectsResponseSchema, query: { status: 'all' } }),
    api.get('/api/admin/teams', { schema: AdminTeamsResponseSchema }),
  ]);
  return {
    projects: projects.projects.map((p) => ({ id: p.id, label: p.name })),
    teams: teams.teams.map((t) => ({ id: t.id, label: t.name })),
  };
}

export function useReportOptions(userId: string) {
  return useQuery({ queryKey: reportKeys.options(userId), queryFn: getReportOptions });
}

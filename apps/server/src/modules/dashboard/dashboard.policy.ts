import { canSeeLeadOnly, type Role } from '@rally/shared';
import { type Decision, roleIn } from '../../lib/authorize.ts';

interface Viewer {
  role: Role;
  team_tags: string[];
}

/** The Dashboard is in the admin area (SPEC 6: ADMIN and ANALYST). */
export const readDashboard = (viewer: { role: Role }): Decision =>
  roleIn(viewer.role, ['ADMIN', 'ANALYST'], 'see the dashboard');

/**
 * Whose figures the viewer sees: an ADMIN, or an ANALYST without team tags (a lead of every team, as for
 * participation review), the whole client; a team lead only the members of their teams (team tags are team ids).
 */
export type DashboardScope = { kind: 'client' } | { kind: 'teams'; teamIds: string[] };

export function dashboardScope(viewer: Viewer): DashboardScope {
  if (viewer.role === 'ANALYST' && viewer.team_tags.length > 0)
    return { kind: 'teams', teamIds: viewer.team_tags };
  return { kind: 'client' };
}

/** The applicants queue is leadOnly (SPEC 6): its count shows only to those who may open it. */
export const seesApplicants = (viewer: Viewer): boolean => canSeeLeadOnly(viewer);

import type { Project } from '@rally/shared';

/**
 * The "pending trainings" of the user menu (SPEC 2): trainings not yet completed in the projects the member
 * has joined and that are running.
 */
export function countPendingTrainings(projects: readonly Project[]): number {
  return projects
    .filter((project) => project.joined && project.state === 'active')
    .reduce((sum, project) => sum + project.pending_trainings, 0);
}

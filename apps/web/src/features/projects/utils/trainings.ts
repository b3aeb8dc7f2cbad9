import type { Project } from '@rally/shared';

/** Projects that are trainings. */
export function getTrainings(projects: readonly Project[]): Project[] {
  return projects.filter((project) => project.context.training);
}

/** Trainings not yet completed: the "pending trainings" of the user menu (SPEC 2). */
export function countPendingTrainings(projects: readonly Project[]): number {
  return projects.filter((project) => project.context.training && !project.completed).length;
}

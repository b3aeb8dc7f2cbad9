import type { Project } from '@rally/shared';

/** Projects grouped for the list: the member's own, those open to join, and past ones they never joined. */
export interface ProjectSections {
  joined: Project[];
  open: Project[];
  past: Project[];
}

/** Splits projects into the list's sections, keeping the server's order inside each. */
export function groupProjects(projects: readonly Project[]): ProjectSections {
  const sections: ProjectSections = { joined: [], open: [], past: [] };
  for (const project of projects) {
    if (project.joined) sections.joined.push(project);
    else if (project.abilities.join) sections.open.push(project);
    else sections.past.push(project);
  }
  return sections;
}

/** Progress of a project as a 0–100 percent (0 without activities). */
export function getProgressPercent(project: Pick<Project, 'completed_count' | 'activity_count'>): number {
  if (project.activity_count <= 0) return 0;
  return Math.min(100, Math.round((project.completed_count / project.activity_count) * 100));
}

import { canSeeLeadOnly, type Role } from '@rally/shared';

/** Who may see an application (pure functions; the routes load the rows). */

/** The signed-in user as the applicants policies see them. */
export interface ApplicantViewer {
  id: string;
  role: Role;
  /** Teams an ANALYST leads; none means a lead of every team. */
  team_tags: readonly string[];
}

/**
 * An applicant sees their own application; those who review applicants (ADMIN, or ANALYST leading every team)
 * see anyone's. Anyone else is answered as if it did not exist, so ids cannot be probed.
 */
export function canSeeApplicant(viewer: ApplicantViewer, applicant: { userId: string | null }): boolean {
  return applicant.userId === viewer.id || canSeeLeadOnly(viewer);
}

import { type ApplicantStatus, canSeeLeadOnly, type Role } from '@rally/shared';
import { allow, type Decision, deny } from '../../lib/authorize.ts';

/** Who may see, change and decide applications (pure functions; the routes load the rows). */

/** The signed-in user as the applicants policies see them. */
export interface ApplicantViewer {
  id: string;
  role: Role;
  /** Teams an ANALYST leads; none means a lead of every team. */
  team_tags: readonly string[];
}

/** Statuses an applicant may still change answers in. */
const EDITABLE: readonly string[] = ['pending', 'info_requested'] satisfies ApplicantStatus[];

/**
 * Forms and the review queue are leadOnly (SPEC 5 and 6): ADMIN, or ANALYST without team tags. A lead of some teams
 * does not choose who joins the whole programme.
 */
export function reviewApplicants(viewer: ApplicantViewer): Decision {
  return canSeeLeadOnly(viewer)
    ? allow
    : deny('Only admins and leads of every $t(words.team) review applicants');
}

/**
 * An applicant sees their own application; those who review applicants (ADMIN, or ANALYST leading every team)
 * see anyone's. Anyone else is answered as if it did not exist, so ids cannot be probed.
 */
export function canSeeApplicant(viewer: ApplicantViewer, applicant: { userId: string | null }): boolean {
  return applicant.userId === viewer.id || canSeeLeadOnly(viewer);
}

/** Only the applicant changes their answers, and only until a decision (or while information is requested). */
export function editAnswers(
  viewer: ApplicantViewer,
  applicant: { userId: string | null; status: string },
): Decision {
  if (applicant.userId !== viewer.id) return deny('Only the applicant can change these answers');
  return EDITABLE.includes(applicant.status)
    ? allow
    : deny('This application is decided and can no longer be changed', 'decided');
}

/** What the viewer may do with an application, for the presenter. */
export function applicantAbilities(
  viewer: ApplicantViewer,
  applicant: { userId: string | null; status: string },
) {
  return {
    can_edit: editAnswers(viewer, applicant).allowed,
    can_decide: canSeeLeadOnly(viewer) && EDITABLE.includes(applicant.status),
  };
}

import type { Role } from '../constants/domain.ts';

/**
 * i18n key of a user's role label (client role_labels override them through the client namespace):
 * USER → roles.user; ANALYST → roles.lead, or roles.teamLead with team tags; ADMIN → roles.admin, or
 * roles.teamAdmin with team tags; APPLICANT → roles.applicant.
 */
export function getRoleLabelKey(user: { role: Role; team_tags: readonly string[] }): string {
  const hasTeams = user.team_tags.length > 0;
  switch (user.role) {
    case 'ADMIN':
      return hasTeams ? 'roles.teamAdmin' : 'roles.admin';
    case 'ANALYST':
      return hasTeams ? 'roles.teamLead' : 'roles.lead';
    case 'APPLICANT':
      return 'roles.applicant';
    default:
      return 'roles.user';
  }
}

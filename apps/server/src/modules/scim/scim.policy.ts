import type { Role } from '@rally/shared';
import { allow, type Decision, deny, roleIn } from '../../lib/authorize.ts';

/** SCIM tokens are set on the Integrations tab: ADMIN only (SPEC 6). */
export const manageScimTokens = (actor: { role: Role }): Decision =>
  roleIn(actor.role, ['ADMIN'], 'manage SCIM tokens');

/**
 * Whether the identity provider may deactivate (or delete) this member. Never the break-glass admin of single sign-on:
 * that account is how the client gets in when the provider fails, so an admin changes it on the Integrations tab
 * first.
 */
export function mayDeactivateByScim(
  target: { id: string },
  sso: { breakGlassUserId: string | null } | undefined,
) {
  return sso?.breakGlassUserId === target.id
    ? deny(
        'This member is the break-glass admin of single sign-on: choose another one on the Integrations tab before deactivating them',
      )
    : allow;
}

/** Who calls the SCIM service: the client's identity provider, known by the token it presented. */
export interface ScimActor {
  clientId: string;
  tokenId: string;
}

/** What an audit row of a SCIM change says about who made it (no user: the identity provider, by its token). */
export const scimAuditData = (actor: ScimActor) => ({ via: 'scim', scim_token: actor.tokenId });

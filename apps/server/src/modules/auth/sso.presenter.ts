import type { SsoSettings } from '@rally/shared';
import type { SsoConnectionRow } from './sso.repository.ts';
import { describeIdp } from './sso.saml.ts';

/** The settings as an admin sees them: never the secret, only whether there is one; a SAML provider's certificates. */
export function presentSso(row: SsoConnectionRow): SsoSettings {
  return {
    protocol: row.protocol,
    enabled: row.enabled,
    mode: row.mode,
    display_name: row.displayName,
    issuer: row.issuer,
    client_id: row.oidcClientId,
    saml:
      row.protocol === 'saml' && row.samlSsoUrl
        ? describeIdp(
            { entityId: row.issuer, ssoUrl: row.samlSsoUrl, certs: row.samlIdpCerts },
            row.samlMetadataUrl,
          )
        : null,
    has_client_secret: row.clientSecret !== null,
    scopes: row.scopes,
    allow_sign_up: row.allowSignUp,
    email_domains: row.emailDomains,
    claims: row.claims,
    group_rules: row.groupRules.map((rule) => ({
      group: rule.group,
      team_id: rule.team_id,
      role: rule.role,
    })),
    break_glass_user_id: row.breakGlassUserId,
    updated_at: row.updatedAt.toISOString(),
  };
}

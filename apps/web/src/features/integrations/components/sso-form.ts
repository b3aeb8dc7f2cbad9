import type { SaveSsoRequest, SsoMode, SsoProtocol, SsoSettings } from '@rally/shared';

/**
 * The single sign-on form's state (issue 24): what the admin edits, read from the saved settings, and the request
 * PUT /api/admin/sso takes from it.
 */

export type Role = 'USER' | 'ANALYST' | 'ADMIN';
export const ROLE_KEYS = { USER: 'roles.user', ANALYST: 'roles.lead', ADMIN: 'roles.admin' } as const;
export const NONE = '';

export interface Rule {
  key: number;
  group: string;
  teamId: string;
  role: Role | typeof NONE;
}

export interface SsoChoices {
  teams: { id: string; name: string }[];
  admins: { id: string; name: string; email: string | null }[];
}

export interface FormState {
  protocol: SsoProtocol;
  enabled: boolean;
  mode: SsoMode;
  displayName: string;
  issuer: string;
  clientId: string;
  clientSecret: string;
  scopes: string;
  metadataUrl: string;
  metadataXml: string;
  allowSignUp: boolean;
  emailDomains: string;
  claims: { email: string; first_name: string; last_name: string; groups: string };
  rules: Rule[];
  breakGlass: string;
}

let nextKey = 1;

/** A new, empty group rule (keys keep React's list stable while rules are added and removed). */
export const newRule = (): Rule => ({ key: nextKey++, group: '', teamId: NONE, role: NONE });

export function initial(sso: SsoSettings | null): FormState {
  const isSaml = sso?.protocol === 'saml';
  return {
    protocol: sso?.protocol ?? 'oidc',
    enabled: sso?.enabled ?? true,
    mode: sso?.mode ?? 'optional',
    displayName: sso?.display_name ?? '',
    issuer: isSaml ? '' : (sso?.issuer ?? ''),
    clientId: sso?.client_id ?? '',
    clientSecret: '',
    scopes: sso?.scopes ?? 'openid email profile',
    metadataUrl: sso?.saml?.metadata_url ?? '',
    metadataXml: '',
    allowSignUp: sso?.allow_sign_up ?? true,
    emailDomains: (sso?.email_domains ?? []).join(', '),
    claims: {
      email: sso?.claims.email ?? '',
      first_name: sso?.claims.first_name ?? '',
      last_name: sso?.claims.last_name ?? '',
      groups: sso?.claims.groups ?? '',
    },
    rules: (sso?.group_rules ?? []).map((r) => ({
      key: nextKey++,
      group: r.group,
      teamId: r.team_id ?? NONE,
      role: r.role ?? NONE,
    })),
    breakGlass: sso?.break_glass_user_id ?? NONE,
  };
}

/**
 * The request PUT /api/admin/sso takes from the form: an empty secret keeps the stored one, empty claims the
 * standard ones; under SAML the metadata XML when pasted, else its URL (fetched again on every save), else neither
 * (the provider saved before stays).
 */
export function requestOf(form: FormState): SaveSsoRequest {
  const claims = Object.fromEntries(
    Object.entries(form.claims).flatMap(([name, value]) => (value.trim() ? [[name, value.trim()]] : [])),
  );
  const protocolFields =
    form.protocol === 'oidc'
      ? {
          issuer: form.issuer,
          client_id: form.clientId,
          ...(form.clientSecret ? { client_secret: form.clientSecret } : {}),
          scopes: form.scopes,
        }
      : form.metadataXml.trim()
        ? { saml_metadata_xml: form.metadataXml }
        : form.metadataUrl.trim()
          ? { saml_metadata_url: form.metadataUrl.trim() }
          : {};
  return {
    protocol: form.protocol,
    enabled: form.enabled,
    mode: form.mode,
    display_name: form.displayName,
    ...protocolFields,
    allow_sign_up: form.allowSignUp,
    email_domains: form.emailDomains
      .split(/[\s,]+/)
      .map((d) => d.trim())
      .filter(Boolean),
    claims,
    group_rules: form.rules
      .filter((r) => r.group.trim() !== '')
      .map((r) => ({ group: r.group, team_id: r.teamId || null, role: r.role || null })),
    break_glass_user_id: form.breakGlass || null,
  };
}

/** The standard names shown as placeholders for each claim or attribute, by protocol. */
export const CLAIM_PLACEHOLDERS = {
  oidc: { email: 'email', first_name: 'given_name', last_name: 'family_name', groups: 'groups' },
  saml: { email: 'email / NameID', first_name: 'givenName', last_name: 'surname', groups: 'groups' },
} as const;

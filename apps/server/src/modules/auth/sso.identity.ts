import type { SsoClaims } from '../../db/schema/index.ts';
import type { SamlAssertion } from './sso.saml.ts';

/** The person a checked answer of the client's identity provider names, whichever protocol it came by. */
export interface SsoIdentity {
  /** The provider's stable name for them (OpenID Connect `sub`, SAML NameID). */
  subject: string;
  email: string | null;
  firstName: string | null;
  lastName: string | null;
  groups: string[];
  /** The provider says the email is theirs (OpenID Connect `email_verified`; SAML has no such statement). */
  emailVerified: boolean;
}

const text = (value: unknown): string | null => {
  const first = Array.isArray(value) ? value[0] : value;
  return typeof first === 'string' && first.trim() !== '' ? first.trim() : null;
};

/** A groups claim as providers send it: a list of names, or one name. */
const groupsOf = (value: unknown): string[] =>
  Array.isArray(value)
    ? value.filter((g): g is string => typeof g === 'string')
    : typeof value === 'string'
      ? [value]
      : [];

/** The person in an OpenID Connect ID token (and user info), by the client's claim names or the standard ones. */
export function oidcIdentity(claims: Record<string, unknown>, names: SsoClaims): SsoIdentity {
  return {
    subject: String(claims.sub),
    email: text(claims[names.email ?? 'email']),
    firstName: text(claims[names.first_name ?? 'given_name']),
    lastName: text(claims[names.last_name ?? 'family_name']),
    groups: groupsOf(claims[names.groups ?? 'groups']),
    emailVerified: claims.email_verified === true || claims.email_verified === 'true',
  };
}

/**
 * The attribute names identity providers send by default, in the order tried when the client names none: the short
 * names (Okta, Google, Keycloak), Microsoft's claim URIs (Entra ID, AD FS) and the LDAP OIDs (Shibboleth).
 */
export const SAML_ATTRIBUTES: Record<keyof SsoClaims, string[]> = {
  email: [
    'email',
    'mail',
    'emailAddress',
    'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/emailaddress',
    'urn:oid:0.9.2342.19200300.100.1.3',
  ],
  first_name: [
    'firstName',
    'givenName',
    'given_name',
    'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/givenname',
    'urn:oid:2.5.4.42',
  ],
  last_name: [
    'lastName',
    'surname',
    'sn',
    'family_name',
    'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/surname',
    'urn:oid:2.5.4.4',
  ],
  groups: ['groups', 'memberOf', 'http://schemas.microsoft.com/ws/2008/06/identity/claims/groups'],
};

/**
 * The person in a checked SAML assertion: each field from the attribute the client names, else the first default
 * one present; the email falls back to the NameID when that is an email address.
 */
export function samlIdentity(assertion: SamlAssertion, names: SsoClaims): SsoIdentity {
  const { attributes } = assertion;
  const pick = (field: keyof SsoClaims): unknown => {
    const named = names[field];
    if (named) return attributes[named];
    const found = SAML_ATTRIBUTES[field].find((name) => attributes[name] !== undefined);
    return found ? attributes[found] : undefined;
  };
  const nameIdEmail = /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(assertion.nameId) ? assertion.nameId : null;
  return {
    subject: assertion.nameId,
    email: text(pick('email')) ?? nameIdEmail,
    firstName: text(pick('first_name')),
    lastName: text(pick('last_name')),
    groups: groupsOf(pick('groups')),
    emailVerified: false,
  };
}

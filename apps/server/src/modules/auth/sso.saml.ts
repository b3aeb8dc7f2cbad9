import { X509Certificate } from 'node:crypto';
import {
  type CacheProvider,
  generateServiceProviderMetadata,
  type Profile,
  SAML,
  ValidateInResponseTo,
} from '@node-saml/node-saml';
import { SAML_METADATA_MAX_BYTES, type SamlIdp, SSO_FLOW_TTL_MS } from '@rally/shared';
import { parseStringPromise, processors } from 'xml2js';

/**
 * The SAML 2.0 service provider (issue 24), with @node-saml/node-saml: the identity provider's metadata read into
 * what signs members in (its entity ID, sign-in address and signing certificates), the AuthnRequest sent by
 * HTTP-Redirect, and the answer posted back checked — its signature by one of the provider's certificates (the
 * assertion itself must be signed), the audience (this app's entity ID), the time window, that it answers the one
 * request this browser started (InResponseTo; an unsolicited or replayed answer is refused), the issuer, and the
 * recipient and destination (this app's address).
 */

/** What the app keeps of a SAML identity provider. */
export interface SamlIdpSettings {
  entityId: string;
  ssoUrl: string;
  /** PEM certificates; an answer must be signed by one. */
  certs: string[];
}

/** The app as a service provider on the client's own domain. */
export interface SamlSpSettings {
  entityId: string;
  acsUrl: string;
}

/** Clocks of the app and the provider may differ this much. */
const CLOCK_SKEW_MS = 2 * 60_000;
const METADATA_TIMEOUT_MS = 10_000;
const REDIRECT_BINDING = 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect';
const EMAIL_FORMAT = 'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress';
const BEARER = 'urn:oasis:names:tc:SAML:2.0:cm:bearer';

/** Metadata the app cannot use: the message says what is wrong with it, for the admin who gave it. */
export class SamlMetadataError extends Error {}

/** The app's addresses as a service provider, on a client's link origin. */
export const samlSpOf = (linkOrigin: string): SamlSpSettings & { metadataUrl: string } => ({
  entityId: `${linkOrigin}/api/sso/saml/metadata`,
  acsUrl: `${linkOrigin}/api/sso/saml/acs`,
  metadataUrl: `${linkOrigin}/api/sso/saml/metadata`,
});

/** XML as plain objects, namespace prefixes dropped; a DOCTYPE (entities) is refused outright. */
async function parseXml(xml: string, what: string): Promise<XmlNode> {
  if (/<!DOCTYPE/i.test(xml)) throw new SamlMetadataError(`The ${what} must not contain a DOCTYPE`);
  try {
    return (await parseStringPromise(xml, {
      tagNameProcessors: [processors.stripPrefix],
      attrNameProcessors: [processors.stripPrefix],
      explicitRoot: true,
      explicitArray: true,
    })) as XmlNode;
  } catch {
    throw new SamlMetadataError(`The ${what} is not well-formed XML`);
  }
}

/** An element as xml2js gives it: attributes under `$`, text under `_`, children by name (always lists). */
interface XmlNode {
  $?: Record<string, string>;
  _?: string;
  [child: string]: XmlNode[] | Record<string, string> | string | undefined;
}
/** The child elements of that name (the document's root too: xml2js gives it alone, not in a list). */
const children = (node: XmlNode | undefined, name: string): XmlNode[] => {
  const found = node?.[name];
  if (Array.isArray(found)) return found;
  return found && typeof found === 'object' ? [found as XmlNode] : [];
};
const textOf = (node: XmlNode): string => (typeof node === 'string' ? node : (node._ ?? ''));

/** A certificate of the metadata as PEM, or SamlMetadataError when it is not one. */
function certificateOf(base64: string): string {
  const body = base64.replace(/\s+/g, '');
  const pem = `-----BEGIN CERTIFICATE-----\n${body.match(/.{1,64}/g)?.join('\n') ?? ''}\n-----END CERTIFICATE-----\n`;
  try {
    new X509Certificate(pem);
  } catch {
    throw new SamlMetadataError(
      'The metadata holds a signing certificate that is not a valid X.509 certificate',
    );
  }
  return pem;
}

/** An https address, or http on this machine (a local test or demo provider). */
const isAllowedAddress = (value: string) => {
  try {
    const url = new URL(value);
    return (
      url.protocol === 'https:' ||
      (url.protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname))
    );
  } catch {
    return false;
  }
};

/**
 * The identity provider a metadata document describes: one IDPSSODescriptor with a sign-in address for the
 * HTTP-Redirect binding and at least one signing certificate. SamlMetadataError names what is missing.
 */
export async function parseIdpMetadata(xml: string): Promise<SamlIdpSettings> {
  const doc = await parseXml(xml, 'metadata');
  // One EntityDescriptor, or an EntitiesDescriptor listing them (federation metadata).
  const candidates = [
    ...children(doc, 'EntityDescriptor'),
    ...children(doc, 'EntitiesDescriptor').flatMap((list) => children(list, 'EntityDescriptor')),
  ];
  const entities = candidates.filter((entity) => children(entity, 'IDPSSODescriptor').length > 0);
  if (entities.length === 0)
    throw new SamlMetadataError('The metadata describes no identity provider (no IDPSSODescriptor)');
  if (entities.length > 1)
    throw new SamlMetadataError('The metadata describes more than one identity provider');
  const entity = entities[0]!;
  const entityId = entity.$?.entityID?.trim();
  if (!entityId) throw new SamlMetadataError('The metadata has no entityID');
  const descriptor = children(entity, 'IDPSSODescriptor')[0]!;
  const ssoUrl = children(descriptor, 'SingleSignOnService')
    .find((service) => service.$?.Binding === REDIRECT_BINDING)
    ?.$?.Location?.trim();
  if (!ssoUrl)
    throw new SamlMetadataError('The metadata has no sign-in address for the HTTP-Redirect binding');
  if (!isAllowedAddress(ssoUrl))
    throw new SamlMetadataError('The metadata’s sign-in address must be an https address');
  const certs = [
    ...new Set(
      children(descriptor, 'KeyDescriptor')
        .filter((key) => !key.$?.use || key.$.use === 'signing')
        .flatMap((key) => children(key, 'KeyInfo'))
        .flatMap((info) => children(info, 'X509Data'))
        .flatMap((data) => children(data, 'X509Certificate'))
        .map((cert) => certificateOf(textOf(cert))),
    ),
  ];
  if (certs.length === 0) throw new SamlMetadataError('The metadata has no signing certificate');
  return { entityId, ssoUrl, certs };
}

/** Fetches a provider's published metadata (10 s at most, its size limited while it streams) and reads it. */
export async function fetchIdpMetadata(url: string): Promise<SamlIdpSettings> {
  let response: Response;
  try {
    response = await fetch(url, {
      redirect: 'error',
      signal: AbortSignal.timeout(METADATA_TIMEOUT_MS),
      headers: { accept: 'application/samlmetadata+xml, application/xml, text/xml' },
    });
  } catch {
    throw new SamlMetadataError(`The metadata could not be fetched from ${url}`);
  }
  if (!response.ok || !response.body)
    throw new SamlMetadataError(`The metadata URL answered ${response.status}, not the metadata`);
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of response.body) {
    size += chunk.byteLength;
    if (size > SAML_METADATA_MAX_BYTES) {
      await response.body.cancel().catch(() => {});
      throw new SamlMetadataError(
        `The metadata at ${url} is larger than ${SAML_METADATA_MAX_BYTES / 1024} KB`,
      );
    }
    chunks.push(chunk);
  }
  return await parseIdpMetadata(Buffer.concat(chunks).toString('utf8'));
}

/** The provider as an admin sees it: its certificates by subject, fingerprint and expiry. */
export function describeIdp(idp: SamlIdpSettings, metadataUrl: string | null): SamlIdp {
  return {
    entity_id: idp.entityId,
    sso_url: idp.ssoUrl,
    metadata_url: metadataUrl,
    certificates: idp.certs.map((pem) => {
      const cert = new X509Certificate(pem);
      return {
        subject: cert.subject.replace(/\n/g, ', '),
        fingerprint: cert.fingerprint256,
        expires_at: new Date(cert.validTo).toISOString(),
      };
    }),
  };
}

function samlOf(idp: SamlIdpSettings, sp: SamlSpSettings, cacheProvider: CacheProvider): SAML {
  return new SAML({
    entryPoint: idp.ssoUrl,
    issuer: sp.entityId,
    callbackUrl: sp.acsUrl,
    idpCert: idp.certs,
    audience: sp.entityId,
    wantAssertionsSigned: true,
    wantAuthnResponseSigned: false,
    validateInResponseTo: ValidateInResponseTo.always,
    requestIdExpirationPeriodMs: SSO_FLOW_TTL_MS,
    cacheProvider,
    acceptedClockSkewMs: CLOCK_SKEW_MS,
    // No NameIDPolicy format: the provider sends the one it is set up for (Entra ID and Okta both refuse some).
    identifierFormat: null,
    // Entra ID refuses a requested password context when the person signs in another way (passkey, MFA app).
    disableRequestedAuthnContext: true,
  });
}

/** The app's service provider metadata, for the admin to give their identity provider. */
export function serviceProviderMetadata(sp: SamlSpSettings): string {
  return generateServiceProviderMetadata({
    issuer: sp.entityId,
    callbackUrl: sp.acsUrl,
    identifierFormat: EMAIL_FORMAT,
    wantAssertionsSigned: true,
  });
}

/** A new sign-in: the provider's address with the AuthnRequest, and its ID the answer must be InResponseTo. */
export async function startSamlAuthorization(
  idp: SamlIdpSettings,
  sp: SamlSpSettings,
  relayState: string,
): Promise<{ url: string; requestId: string }> {
  let requestId: string | null = null;
  const saml = samlOf(idp, sp, {
    saveAsync: async (key, value) => {
      requestId = key;
      return { value, createdAt: Date.now() };
    },
    getAsync: async () => null,
    removeAsync: async () => null,
  });
  const url = await saml.getAuthorizeUrlAsync(relayState, undefined, {});
  if (!requestId) throw new Error('the AuthnRequest had no ID');
  return { url, requestId };
}

/** What a checked answer says of the person: the NameID and the attributes, by name. */
export interface SamlAssertion {
  nameId: string;
  nameIdFormat: string | null;
  attributes: Record<string, unknown>;
}

/**
 * The provider's answer, checked (see the module's comment) against the request `requestId` this browser started.
 * Throws on any answer that is not good; the message is for the log, never shown.
 */
export async function finishSamlAuthorization(
  idp: SamlIdpSettings,
  sp: SamlSpSettings,
  input: { samlResponse: string; relayState: string; requestId: string; requestedAt: Date },
): Promise<SamlAssertion> {
  const saml = samlOf(idp, sp, {
    saveAsync: async () => null,
    // The request's time: node-saml refuses an answer to a request older than SSO_FLOW_TTL_MS.
    getAsync: async (key) => (key === input.requestId ? input.requestedAt.toISOString() : null),
    removeAsync: async () => null,
  });
  const { profile } = await saml.validatePostResponseAsync({
    SAMLResponse: input.samlResponse,
    RelayState: input.relayState,
  });
  if (!profile) throw new Error('the answer holds no assertion');
  await checkAddressedHere(profile, idp, sp);
  if (!profile.nameID) throw new Error('the assertion has no NameID');
  return {
    nameId: profile.nameID,
    nameIdFormat: profile.nameIDFormat ?? null,
    attributes: (profile.attributes as Record<string, unknown> | undefined) ?? {},
  };
}

/**
 * What node-saml leaves to its caller: the (signed) assertion comes from this provider and is addressed to this
 * app's ACS (every bearer confirmation's Recipient), and the response, when it names a Destination, names it too.
 */
async function checkAddressedHere(profile: Profile, idp: SamlIdpSettings, sp: SamlSpSettings): Promise<void> {
  if (profile.issuer !== idp.entityId) throw new Error(`the assertion's issuer is ${profile.issuer}`);
  const assertionXml = profile.getAssertionXml?.();
  const responseXml = profile.getSamlResponseXml?.();
  if (!assertionXml || !responseXml) throw new Error('the answer holds no assertion to check');
  const assertion = await parseXml(assertionXml, 'assertion');
  const recipients = children(assertion, 'Assertion')
    .flatMap((a) => children(a, 'Subject'))
    .flatMap((subject) => children(subject, 'SubjectConfirmation'))
    .filter((confirmation) => confirmation.$?.Method === BEARER)
    .flatMap((confirmation) => children(confirmation, 'SubjectConfirmationData'))
    .map((data) => data.$?.Recipient ?? '');
  if (recipients.length === 0 || recipients.some((r) => r !== sp.acsUrl))
    throw new Error(`the assertion's recipient is ${recipients.join(', ') || 'missing'}`);
  const response = await parseXml(responseXml, 'response');
  const destination = children(response, 'Response')[0]?.$?.Destination;
  if (destination && destination !== sp.acsUrl)
    throw new Error(`the response's destination is ${destination}`);
}

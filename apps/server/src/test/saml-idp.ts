import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { promisify } from 'node:util';
import { inflateRaw } from 'node:zlib';
import { generate } from 'selfsigned';
import { SignedXml } from 'xml-crypto';

const inflate = promisify(inflateRaw);

/** What the app's AuthnRequest asked for, read back from the redirect to the provider. */
export interface ReadRequest {
  id: string;
  acsUrl: string;
  issuer: string;
  relayState: string;
}

/** A person the stand-in answers for: the NameID and the attributes it asserts. */
export interface SamlPerson {
  nameId: string;
  attributes?: Record<string, string | string[]>;
}

/** What an answer says and how it is made; every default is what a good answer has. */
export interface AnswerInput extends SamlPerson {
  inResponseTo?: string;
  acsUrl: string;
  audience: string;
  /** Defaults to the stand-in's own entity ID. */
  issuer?: string;
  recipient?: string;
  destination?: string;
  /** Seconds from now the assertion stops being good (negative: already expired). */
  validForSeconds?: number;
  /** Signs with another key than the one in the metadata. */
  signWith?: { key: string; cert: string };
  /** Changes the signed XML afterwards (a tampered answer). */
  tamper?: (signedXml: string) => string;
  /** Leaves the assertion unsigned. */
  unsigned?: boolean;
}

export interface TestSamlIdp {
  entityId: string;
  ssoUrl: string;
  /** The metadata's address on the stand-in's own HTTP server. */
  metadataUrl: string;
  cert: string;
  metadataXml: string;
  /** The AuthnRequest in a redirect URL of the app (HTTP-Redirect binding). */
  readRequest(redirectUrl: string): Promise<ReadRequest>;
  /** A signed SAMLResponse, base64, as the provider's form posts it. */
  answer(input: AnswerInput): string;
  /** The person its sign-in page (GET /sso) answers for, when a browser comes. */
  signInAs(person: SamlPerson): void;
  close(): Promise<void>;
}

const xmlEscape = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const pemBody = (pem: string) => pem.replace(/-----[^-]+-----/g, '').replace(/\s+/g, '');

/** A signing key and its self-signed certificate, as an identity provider has. */
export async function samlKeyPair(name = 'Rally Test IdP'): Promise<{ key: string; cert: string }> {
  const made = await generate([{ name: 'commonName', value: name }], {
    keySize: 2048,
    algorithm: 'sha256',
    notAfterDate: new Date(Date.now() + 365 * 86_400_000),
  });
  return { key: made.private, cert: made.cert };
}

/**
 * A SAML 2.0 identity provider on loopback, for tests of the app's SAML sign-in: its metadata (entity ID, an
 * HTTP-Redirect sign-in address, a signing certificate made for this run) at GET /metadata, answers signed with
 * xml-crypto as Entra ID and Okta sign them (the assertion, RSA-SHA256, exclusive canonicalisation), and a sign-in
 * page at GET /sso that, like a provider after its password step, posts the answer for the chosen person to the
 * app's ACS with the request's RelayState.
 */
export async function startTestSamlIdp(): Promise<TestSamlIdp> {
  const { key, cert } = await samlKeyPair();
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const entityId = `${origin}/entity`;
  const ssoUrl = `${origin}/sso`;
  const metadataXml = `<?xml version="1.0"?>
<md:EntityDescriptor xmlns:md="urn:oasis:names:tc:SAML:2.0:metadata" entityID="${entityId}">
  <md:IDPSSODescriptor protocolSupportEnumeration="urn:oasis:names:tc:SAML:2.0:protocol" WantAuthnRequestsSigned="false">
    <md:KeyDescriptor use="signing">
      <ds:KeyInfo xmlns:ds="http://www.w3.org/2000/09/xmldsig#">
        <ds:X509Data><ds:X509Certificate>${pemBody(cert)}</ds:X509Certificate></ds:X509Data>
      </ds:KeyInfo>
    </md:KeyDescriptor>
    <md:NameIDFormat>urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress</md:NameIDFormat>
    <md:SingleSignOnService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST" Location="${ssoUrl}"/>
    <md:SingleSignOnService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect" Location="${ssoUrl}"/>
  </md:IDPSSODescriptor>
</md:EntityDescriptor>`;

  async function readRequest(redirectUrl: string): Promise<ReadRequest> {
    const url = new URL(redirectUrl);
    const deflated = Buffer.from(url.searchParams.get('SAMLRequest') ?? '', 'base64');
    const xml = (await inflate(deflated)).toString('utf8');
    const attribute = (name: string) => new RegExp(`${name}="([^"]*)"`).exec(xml)?.[1] ?? '';
    return {
      id: attribute('ID'),
      acsUrl: attribute('AssertionConsumerServiceURL'),
      issuer: /<saml:Issuer[^>]*>([^<]*)<\/saml:Issuer>/.exec(xml)?.[1] ?? '',
      relayState: url.searchParams.get('RelayState') ?? '',
    };
  }

  function answer(input: AnswerInput): string {
    const now = new Date();
    const until = new Date(now.getTime() + (input.validForSeconds ?? 300) * 1000);
    const before = new Date(Math.min(now.getTime() - 60_000, until.getTime() - 60_000));
    const issuer = input.issuer ?? entityId;
    const responseId = `_r${randomUUID()}`;
    const assertionId = `_a${randomUUID()}`;
    const inResponseTo = input.inResponseTo ? ` InResponseTo="${xmlEscape(input.inResponseTo)}"` : '';
    const attributes = Object.entries(input.attributes ?? {})
      .map(
        ([name, value]) =>
          `<saml:Attribute Name="${xmlEscape(name)}">${[value]
            .flat()
            .map((v) => `<saml:AttributeValue>${xmlEscape(v)}</saml:AttributeValue>`)
            .join('')}</saml:Attribute>`,
      )
      .join('');
    const assertion =
      `<saml:Assertion xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ID="${assertionId}" Version="2.0" IssueInstant="${now.toISOString()}">` +
      `<saml:Issuer>${xmlEscape(issuer)}</saml:Issuer>` +
      `<saml:Subject><saml:NameID Format="urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress">${xmlEscape(input.nameId)}</saml:NameID>` +
      `<saml:SubjectConfirmation Method="urn:oasis:names:tc:SAML:2.0:cm:bearer"><saml:SubjectConfirmationData${inResponseTo} NotOnOrAfter="${until.toISOString()}" Recipient="${xmlEscape(input.recipient ?? input.acsUrl)}"/></saml:SubjectConfirmation></saml:Subject>` +
      `<saml:Conditions NotBefore="${before.toISOString()}" NotOnOrAfter="${until.toISOString()}"><saml:AudienceRestriction><saml:Audience>${xmlEscape(input.audience)}</saml:Audience></saml:AudienceRestriction></saml:Conditions>` +
      `<saml:AuthnStatement AuthnInstant="${now.toISOString()}" SessionIndex="${assertionId}"><saml:AuthnContext><saml:AuthnContextClassRef>urn:oasis:names:tc:SAML:2.0:ac:classes:PasswordProtectedTransport</saml:AuthnContextClassRef></saml:AuthnContext></saml:AuthnStatement>` +
      (attributes ? `<saml:AttributeStatement>${attributes}</saml:AttributeStatement>` : '') +
      '</saml:Assertion>';
    const response =
      `<samlp:Response xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ID="${responseId}" Version="2.0" IssueInstant="${now.toISOString()}" Destination="${xmlEscape(input.destination ?? input.acsUrl)}"${inResponseTo}>` +
      `<saml:Issuer>${xmlEscape(issuer)}</saml:Issuer>` +
      '<samlp:Status><samlp:StatusCode Value="urn:oasis:names:tc:SAML:2.0:status:Success"/></samlp:Status>' +
      `${assertion}</samlp:Response>`;
    let xml = response;
    if (!input.unsigned) {
      const signer = input.signWith ?? { key, cert };
      const signed = new SignedXml({
        privateKey: signer.key,
        publicCert: signer.cert,
        signatureAlgorithm: 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256',
        canonicalizationAlgorithm: 'http://www.w3.org/2001/10/xml-exc-c14n#',
      });
      signed.addReference({
        xpath: "//*[local-name(.)='Assertion']",
        digestAlgorithm: 'http://www.w3.org/2001/04/xmlenc#sha256',
        transforms: [
          'http://www.w3.org/2000/09/xmldsig#enveloped-signature',
          'http://www.w3.org/2001/10/xml-exc-c14n#',
        ],
      });
      // The signature goes after the assertion's Issuer, where the schema puts it.
      signed.computeSignature(response, {
        location: { reference: "//*[local-name(.)='Assertion']/*[local-name(.)='Issuer']", action: 'after' },
      });
      xml = signed.getSignedXml();
    }
    if (input.tamper) xml = input.tamper(xml);
    return Buffer.from(xml, 'utf8').toString('base64');
  }

  let person: SamlPerson = { nameId: 'nobody@example.test' };
  server.on('request', async (req, res) => {
    const url = new URL(req.url ?? '/', origin);
    if (url.pathname === '/metadata') {
      res.writeHead(200, { 'content-type': 'application/samlmetadata+xml' });
      return void res.end(metadataXml);
    }
    if (url.pathname === '/sso') {
      try {
        const request = await readRequest(url.href);
        const samlResponse = answer({
          ...person,
          inResponseTo: request.id,
          acsUrl: request.acsUrl,
          audience: request.issuer,
        });
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        return void res.end(
          `<!doctype html><html lang="en"><head><title>Test identity provider</title></head><body><main>` +
            `<h1>Test identity provider</h1><form method="post" action="${xmlEscape(request.acsUrl)}">` +
            `<input type="hidden" name="SAMLResponse" value="${samlResponse}">` +
            `<input type="hidden" name="RelayState" value="${xmlEscape(request.relayState)}">` +
            `<button type="submit">Continue as ${xmlEscape(person.nameId)}</button></form></main></body></html>`,
        );
      } catch {
        res.writeHead(400, { 'content-type': 'text/plain' });
        return void res.end('not a SAML request');
      }
    }
    res.writeHead(404).end();
  });

  return {
    entityId,
    ssoUrl,
    metadataUrl: `${origin}/metadata`,
    cert,
    metadataXml,
    readRequest,
    answer,
    signInAs: (p) => {
      person = p;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

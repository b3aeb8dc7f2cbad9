import { describe, expect, it } from 'vitest';
import { oidcIdentity, samlIdentity } from './sso.identity.ts';

describe('samlIdentity', () => {
  const assertion = (attributes: Record<string, unknown>, nameId = 'ana@corp.example') => ({
    nameId,
    nameIdFormat: null,
    attributes,
  });

  it("reads Entra ID's claim URIs, Okta's short names and the LDAP OIDs when the client names none", () => {
    expect(
      samlIdentity(
        assertion({
          'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/emailaddress': 'Ana@Corp.example',
          'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/givenname': 'Ana',
          'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/surname': 'Ruiz',
          'http://schemas.microsoft.com/ws/2008/06/identity/claims/groups': ['g1', 'g2'],
        }),
        {},
      ),
    ).toEqual({
      subject: 'ana@corp.example',
      email: 'Ana@Corp.example',
      firstName: 'Ana',
      lastName: 'Ruiz',
      groups: ['g1', 'g2'],
      emailVerified: false,
    });
    expect(
      samlIdentity(assertion({ firstName: 'Kim', lastName: 'Ito', groups: 'sales' }, 'kim@corp.example'), {}),
    ).toMatchObject({ email: 'kim@corp.example', firstName: 'Kim', lastName: 'Ito', groups: ['sales'] });
    expect(samlIdentity(assertion({ 'urn:oid:2.5.4.42': 'Lu', 'urn:oid:2.5.4.4': 'Po' }), {})).toMatchObject({
      firstName: 'Lu',
      lastName: 'Po',
    });
  });

  it('uses only the attributes the client names, and no email when the NameID is not one', () => {
    const named = samlIdentity(
      assertion({ mail2: 'x@corp.example', email: 'y@corp.example', fn: [' Jo '] }),
      {
        email: 'mail2',
        first_name: 'fn',
      },
    );
    expect(named).toMatchObject({ email: 'x@corp.example', firstName: 'Jo' });
    expect(samlIdentity(assertion({}, 'a1b2-persistent-id'), {})).toMatchObject({
      subject: 'a1b2-persistent-id',
      email: null,
      groups: [],
    });
    // A named attribute that is missing does not fall back to the usual ones.
    expect(samlIdentity(assertion({ givenName: 'Al' }), { first_name: 'custom' }).firstName).toBeNull();
  });
});

describe('oidcIdentity', () => {
  it('reads the standard claims or the named ones, and whether the provider verified the email', () => {
    expect(
      oidcIdentity(
        { sub: 's1', email: 'a@b.example', email_verified: 'true', given_name: 'A', groups: 'g' },
        {},
      ),
    ).toEqual({
      subject: 's1',
      email: 'a@b.example',
      firstName: 'A',
      lastName: null,
      groups: ['g'],
      emailVerified: true,
    });
    expect(
      oidcIdentity({ sub: 's2', upn: 'u@b.example', email_verified: false }, { email: 'upn' }),
    ).toMatchObject({
      email: 'u@b.example',
      emailVerified: false,
    });
  });
});

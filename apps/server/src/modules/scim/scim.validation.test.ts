import { describe, expect, it } from 'vitest';
import { HttpError } from '../../lib/errors.ts';
import { SCIMMY } from './scim.protocol.ts';
import {
  applyPatch,
  fieldsOfUser,
  normaliseBooleans,
  pageOf,
  parseFilter,
  patchOperationsOf,
} from './scim.validation.ts';
import { splitGroupPatch } from './scim-groups.validation.ts';

const PATCH_OP = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';
const scimTypeOf = (fn: () => unknown) => {
  try {
    fn();
  } catch (error) {
    return error instanceof HttpError ? `${error.statusCode} ${error.code}` : String(error);
  }
  return 'no error';
};

describe('normaliseBooleans', () => {
  it('makes "True" and "False" booleans where a boolean attribute is meant, and nothing else', () => {
    expect(normaliseBooleans({ active: 'False', emails: [{ primary: 'True', value: 'True' }] })).toEqual({
      active: false,
      emails: [{ primary: true, value: 'True' }],
    });
    expect(normaliseBooleans('False', 'active')).toBe(false);
    expect(normaliseBooleans('false', 'emails[type eq "work"].primary')).toBe(false);
    expect(normaliseBooleans('TRUE', 'urn:ietf:params:scim:schemas:core:2.0:User:active')).toBe(true);
    expect(normaliseBooleans('False', 'displayName')).toBe('False');
    expect(normaliseBooleans('maybe', 'active')).toBe('maybe');
  });
});

describe('fieldsOfUser', () => {
  it('takes the primary email, else a userName that is one, and the name from displayName when none is given', () => {
    expect(
      fieldsOfUser({
        userName: 'UPN_1',
        emails: [
          { value: 'b@x.test', type: 'home' },
          { value: 'a@x.test', primary: true },
        ],
        displayName: 'Ada King Lovelace',
      }),
    ).toMatchObject({ email: 'a@x.test', firstName: 'Ada', lastName: 'King Lovelace', active: undefined });
    expect(fieldsOfUser({ userName: 'ada@x.test', active: false })).toMatchObject({
      email: 'ada@x.test',
      active: false,
    });
    expect(fieldsOfUser({ userName: 'UPN_2' }, 'kept@x.test').email).toBe('kept@x.test');
    expect(scimTypeOf(() => fieldsOfUser({ userName: 'UPN_3' }))).toBe('400 invalidValue');
  });
});

describe('parseFilter', () => {
  const USERS = { username: 'userName', externalid: 'externalId' };
  it('reads equality tests joined by and / or, attribute names and operators in any case', () => {
    expect(parseFilter('UserName Eq "a@b.c"', USERS)).toEqual([{ userName: 'a@b.c' }]);
    expect(parseFilter('userName eq "a" and externalId eq "1" or externalId eq "2"', USERS)).toEqual([
      { userName: 'a', externalId: '1' },
      { externalId: '2' },
    ]);
    expect(parseFilter('members[value eq "u1"]', { 'members.value': 'members.value' })).toEqual([
      { 'members.value': 'u1' },
    ]);
    expect(parseFilter(undefined, USERS)).toBeUndefined();
    expect(parseFilter('  ', USERS)).toBeUndefined();
  });

  it('refuses what it cannot answer exactly with 400 invalidFilter', () => {
    for (const filter of [
      'userName sw "a"',
      'title eq "x"',
      'userName pr',
      'not (userName eq "a")',
      '((',
      'userName eq',
    ])
      expect(
        scimTypeOf(() => parseFilter(filter, USERS)),
        filter,
      ).toBe('400 invalidFilter');
  });
});

describe('PATCH', () => {
  it('checks the message: its schema, known ops in any case, a value to add and a path to remove', () => {
    const ok = patchOperationsOf({
      schemas: [PATCH_OP],
      Operations: [{ op: 'Replace', path: 'active', value: 'False' }],
    });
    expect(ok).toEqual([{ op: 'Replace', path: 'active', value: false }]);
    for (const body of [
      { Operations: [] },
      { schemas: ['urn:wrong'], Operations: [{ op: 'add', value: {} }] },
      { schemas: [PATCH_OP], Operations: [{ op: 'merge', value: {} }] },
      { schemas: [PATCH_OP], Operations: [{ op: 'add', path: 'x' }] },
      { schemas: [PATCH_OP], Operations: [{ op: 'remove' }] },
      { schemas: [PATCH_OP] },
    ])
      expect(
        scimTypeOf(() => patchOperationsOf(body)),
        JSON.stringify(body),
      ).toMatch(/^400 /);
  });

  it('applies Entra ID’s and Okta’s forms to a user with scimmy', async () => {
    const user = {
      schemas: [SCIMMY.Schemas.User.id],
      id: '1',
      userName: 'a@x.test',
      active: true,
      name: { givenName: 'A' },
    };
    const okta = await applyPatch(SCIMMY.Schemas.User, user, [{ op: 'replace', value: { active: false } }]);
    expect(okta.active).toBe(false);
    const entra = await applyPatch(SCIMMY.Schemas.User, user, [
      { op: 'Add', value: { 'name.familyName': 'B', externalId: 'e1' } },
    ]);
    expect(entra).toMatchObject({ name: { givenName: 'A', familyName: 'B' }, externalId: 'e1' });
  });

  it('splits a group PATCH into its member change and the rest, in order', () => {
    const { members, others } = splitGroupPatch([
      { op: 'Add', path: 'members', value: [{ value: 'a' }, { value: 'b' }] },
      { op: 'remove', path: 'members[value eq "a"]' },
      { op: 'Remove', path: 'members', value: [{ $ref: null, value: 'c' }] },
      { op: 'replace', value: { id: 'g', displayName: 'New' } },
    ]);
    expect(members).toEqual({ set: null, add: ['b'], remove: ['a', 'c'] });
    expect(others).toEqual([{ op: 'replace', value: { id: 'g', displayName: 'New' } }]);

    expect(
      splitGroupPatch([
        { op: 'replace', path: 'members', value: [{ value: 'x' }] },
        { op: 'add', value: { members: [{ value: 'y' }] } },
      ]).members,
    ).toEqual({
      set: ['x', 'y'],
      add: [],
      remove: [],
    });
    expect(splitGroupPatch([{ op: 'remove', path: 'members' }]).members).toEqual({
      set: [],
      add: [],
      remove: [],
    });
    expect(scimTypeOf(() => splitGroupPatch([{ op: 'add', path: 'members[value eq "a"]', value: {} }]))).toBe(
      '400 invalidPath',
    );
  });
});

describe('pageOf', () => {
  it('starts at 1 and caps count at 100', () => {
    expect(pageOf({})).toEqual({ startIndex: 1, count: 100 });
    expect(pageOf({ startIndex: -5, count: 1000 })).toEqual({ startIndex: 1, count: 100 });
    expect(pageOf({ startIndex: 3, count: -1 })).toEqual({ startIndex: 3, count: 0 });
  });
});

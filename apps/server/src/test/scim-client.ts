import { randomUUID } from 'node:crypto';
import { DEMO_HOST, type TestApp } from './build-test-app.ts';

/**
 * A SCIM client stand-in (issue 24): sends /scim/v2 what the provisioning services of Entra ID and Okta send, in
 * their own forms — Entra's capitalised ops ("Replace"), its string booleans ("False"), its path-less adds with
 * attribute paths as keys, its `excludedAttributes=members` lookups and member lists with `$ref: null`; Okta's
 * path-less `replace` of `{active: false}`, its PUT of whole users, its `members[value eq "…"]` removals and its
 * renames that repeat the group's id. The bodies follow the requests the two document for their SCIM apps.
 */

const USER = 'urn:ietf:params:scim:schemas:core:2.0:User';
const ENTERPRISE = 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User';
const GROUP = 'urn:ietf:params:scim:schemas:core:2.0:Group';
const PATCH_OP = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';

/** An answer: status, parsed body (undefined when empty), headers. */
export interface ScimAnswer {
  status: number;
  // biome-ignore lint/suspicious/noExplicitAny: SCIM resources are read field by field in the tests.
  body: any;
  headers: Record<string, string | string[] | number | undefined>;
}

/** A person as the identity provider knows them. */
export interface DirectoryPerson {
  userName: string;
  givenName: string;
  familyName: string;
  email: string;
  /** The provider's own id of them (Entra: the object id). */
  externalId?: string;
}

/** The raw SCIM calls, with a token, on a host. */
export class ScimClient {
  constructor(
    readonly t: TestApp,
    readonly token: string | undefined,
    readonly host: string = DEMO_HOST,
  ) {}

  /** One call as the provisioning services send it: SCIM's media type, bearer token. */
  async send(
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    body?: unknown,
  ): Promise<ScimAnswer> {
    const res = await this.t.app.inject({
      method,
      url: `/scim/v2${url}`,
      headers: {
        host: this.host,
        accept: 'application/scim+json',
        ...(this.token ? { authorization: `Bearer ${this.token}` } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/scim+json' }),
      },
      ...(body === undefined ? {} : { payload: typeof body === 'string' ? body : JSON.stringify(body) }),
    });
    return { status: res.statusCode, body: res.body ? res.json() : undefined, headers: res.headers };
  }

  /** A PATCH with these operations. */
  patch(url: string, operations: unknown[]): Promise<ScimAnswer> {
    return this.send('PATCH', url, { schemas: [PATCH_OP], Operations: operations });
  }
}

const filter = (expression: string) => encodeURIComponent(expression);

/** What Entra ID's provisioning service sends. */
export class EntraClient extends ScimClient {
  /** "Test connection": a lookup of a userName nobody has, which must answer an empty list. */
  testConnection() {
    return this.send('GET', `/Users?filter=${filter(`userName eq "${randomUUID()}"`)}`);
  }

  findUser(userName: string) {
    return this.send('GET', `/Users?filter=${filter(`userName eq "${userName}"`)}`);
  }

  /** Entra's create: both schemas, its object id as externalId, the enterprise extension, `roles: []`. */
  createUser(p: DirectoryPerson) {
    return this.send('POST', '/Users', {
      schemas: [USER, ENTERPRISE],
      externalId: p.externalId ?? randomUUID(),
      userName: p.userName,
      active: true,
      emails: [{ primary: true, type: 'work', value: p.email }],
      meta: { resourceType: 'User' },
      name: { formatted: `${p.givenName} ${p.familyName}`, familyName: p.familyName, givenName: p.givenName },
      roles: [],
      [ENTERPRISE]: { department: 'Sales', employeeNumber: '1042' },
    });
  }

  /** Entra's attribute update: "Replace" ops with paths, the email by a value filter. */
  updateUser(id: string, change: { familyName?: string; email?: string }) {
    return this.patch(`/Users/${id}`, [
      ...(change.email ? [{ op: 'Replace', path: 'emails[type eq "work"].value', value: change.email }] : []),
      ...(change.familyName ? [{ op: 'Replace', path: 'name.familyName', value: change.familyName }] : []),
    ]);
  }

  /** A path-less "Add" whose value holds attribute paths as keys, as Entra sends for several attributes at once. */
  addAttributes(id: string, value: Record<string, unknown>) {
    return this.patch(`/Users/${id}`, [{ op: 'Add', value }]);
  }

  /** Entra's soft delete (the user disabled, or out of scope): active as the string "False". */
  disableUser(id: string) {
    return this.patch(`/Users/${id}`, [{ op: 'Replace', path: 'active', value: 'False' }]);
  }

  enableUser(id: string) {
    return this.patch(`/Users/${id}`, [{ op: 'Replace', path: 'active', value: 'True' }]);
  }

  deleteUser(id: string) {
    return this.send('DELETE', `/Users/${id}`);
  }

  findGroup(displayName: string) {
    return this.send(
      'GET',
      `/Groups?excludedAttributes=members&filter=${filter(`displayName eq "${displayName}"`)}`,
    );
  }

  /** Whether the user is in the group, as Entra checks it. */
  hasMember(groupId: string, userId: string) {
    return this.send(
      'GET',
      `/Groups?excludedAttributes=members&filter=${filter(`id eq "${groupId}" and members[value eq "${userId}"]`)}`,
    );
  }

  createGroup(displayName: string, externalId = randomUUID()) {
    return this.send('POST', '/Groups', {
      schemas: [GROUP],
      externalId,
      displayName,
      meta: { resourceType: 'Group' },
    });
  }

  /** Members added with `$ref: null`, as Entra sends them. */
  addMembers(groupId: string, userIds: string[]) {
    return this.patch(`/Groups/${groupId}`, [
      { op: 'Add', path: 'members', value: userIds.map((value) => ({ $ref: null, value })) },
    ]);
  }

  removeMembers(groupId: string, userIds: string[]) {
    return this.patch(`/Groups/${groupId}`, [
      { op: 'Remove', path: 'members', value: userIds.map((value) => ({ $ref: null, value })) },
    ]);
  }

  renameGroup(groupId: string, displayName: string) {
    return this.patch(`/Groups/${groupId}`, [{ op: 'Replace', path: 'displayName', value: displayName }]);
  }
}

/** What Okta's provisioning (SCIM 2.0 app) sends. */
export class OktaClient extends ScimClient {
  findUser(userName: string) {
    return this.send('GET', `/Users?filter=${filter(`userName eq "${userName}"`)}&startIndex=1&count=100`);
  }

  private userBody(p: DirectoryPerson, active: boolean) {
    return {
      schemas: [USER],
      userName: p.userName,
      name: { givenName: p.givenName, familyName: p.familyName },
      emails: [{ primary: true, value: p.email, type: 'work' }],
      displayName: `${p.givenName} ${p.familyName}`,
      locale: 'en-US',
      externalId: p.externalId ?? `00u${randomUUID().slice(0, 17)}`,
      groups: [],
      password: 'sV8!secret-okta-sends',
      active,
    };
  }

  /** Okta's create: a password it generates, `groups: []`, a locale. */
  createUser(p: DirectoryPerson) {
    return this.send('POST', '/Users', this.userBody(p, true));
  }

  /** Okta's profile push: the whole user again, by PUT. */
  replaceUser(id: string, p: DirectoryPerson, active = true) {
    return this.send('PUT', `/Users/${id}`, { ...this.userBody(p, active), id });
  }

  /** Okta's deactivation: a path-less replace with `{active: false}`. */
  deactivateUser(id: string) {
    return this.patch(`/Users/${id}`, [{ op: 'replace', value: { active: false } }]);
  }

  reactivateUser(id: string) {
    return this.patch(`/Users/${id}`, [{ op: 'replace', value: { active: true } }]);
  }

  findGroup(displayName: string) {
    return this.send(
      'GET',
      `/Groups?filter=${filter(`displayName eq "${displayName}"`)}&startIndex=1&count=100`,
    );
  }

  /** Group push: the group with its members. */
  createGroup(displayName: string, members: { value: string; display: string }[] = []) {
    return this.send('POST', '/Groups', { schemas: [GROUP], displayName, members });
  }

  /** Okta's rename repeats the group's id in the value. */
  renameGroup(groupId: string, displayName: string) {
    return this.patch(`/Groups/${groupId}`, [{ op: 'replace', value: { id: groupId, displayName } }]);
  }

  /** Okta's membership push: removals by a path filter, additions with a display, in one request. */
  changeMembers(groupId: string, change: { add?: { value: string; display: string }[]; remove?: string[] }) {
    return this.patch(`/Groups/${groupId}`, [
      ...(change.remove ?? []).map((id) => ({ op: 'remove', path: `members[value eq "${id}"]` })),
      ...(change.add?.length ? [{ op: 'add', path: 'members', value: change.add }] : []),
    ]);
  }

  deleteGroup(groupId: string) {
    return this.send('DELETE', `/Groups/${groupId}`);
  }
}

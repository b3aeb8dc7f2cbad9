import { SCIMMY, scimError, viaScimmy } from './scim.protocol.ts';
import {
  isObject,
  type Json,
  normaliseBooleans,
  optionalText,
  parseFilter,
  plain,
} from './scim.validation.ts';

/**
 * What a SCIM request asks of a Group, in our terms: a team's name, the provider's id for it and its members, and
 * what a PATCH does to them.
 */

/** A team as SCIM gives it (POST and PUT /Groups). */
export interface ScimGroupFields {
  displayName: string;
  externalId: string | null;
  memberIds: string[];
}

/** The member ids of a Group's members (their `value`s), each once; 400 for a member without one. */
function memberIdsOf(members: unknown): string[] {
  const list = members === undefined || members === null ? [] : Array.isArray(members) ? members : [members];
  const ids = list.map((m) => (isObject(m) ? m.value : undefined));
  if (ids.some((id) => typeof id !== 'string' || id === ''))
    throw scimError(400, 'members: each member needs a value (the id of a User)', 'invalidValue');
  return [...new Set(ids as string[])];
}

/** A team's name as SCIM's displayName: required, at most NAME_MAX_LENGTH characters. */
export function groupName(value: unknown): string {
  const name = optionalText(value, 'displayName');
  if (!name) throw scimError(400, 'displayName is required', 'invalidValue');
  return name;
}

/** A Group resource of POST or PUT /Groups, checked against the Group schema; 400 otherwise. */
export function parseGroupResource(body: unknown): ScimGroupFields {
  if (!isObject(body)) throw scimError(400, 'Send a Group resource as a JSON object', 'invalidSyntax');
  const group = plain(viaScimmy(() => new SCIMMY.Schemas.Group(normaliseBooleans(body), 'in')));
  return {
    displayName: groupName(group.displayName),
    externalId: optionalText(group.externalId, 'externalId', 255),
    memberIds: memberIdsOf(group.members),
  };
}

/** What a PATCH does to a group's members: replaces them all (`set`), or adds and removes some. */
export interface MemberChange {
  set: string[] | null;
  add: string[];
  remove: string[];
}

const MEMBERS_PATH = /^(?:urn:ietf:params:scim:schemas:core:2\.0:Group:)?members(?:\[(.+)\])?$/i;

/** The ids a `members[value eq "id"]` path filter names (joined by `or`); 400 for any other filter. */
function idsOfMemberFilter(filter: string): string[] {
  const branches = parseFilter(filter, { value: 'value' }) ?? [];
  return branches.map((b) => b.value!);
}

/** Adds one operation on `members` to the change so far, in order. */
function addMemberOp(change: MemberChange, op: string, ids: string[] | 'all'): void {
  const without = (list: string[], gone: string[]) => list.filter((id) => !gone.includes(id));
  if (op === 'replace' && ids !== 'all') {
    Object.assign(change, { set: ids, add: [], remove: [] });
  } else if (op === 'add' && ids !== 'all') {
    if (change.set) change.set = [...new Set([...change.set, ...ids])];
    else
      Object.assign(change, {
        add: [...new Set([...change.add, ...ids])],
        remove: without(change.remove, ids),
      });
  } else if (ids === 'all') {
    Object.assign(change, { set: [], add: [], remove: [] });
  } else if (change.set) {
    change.set = without(change.set, ids);
  } else {
    Object.assign(change, {
      add: without(change.add, ids),
      remove: [...new Set([...change.remove, ...ids])],
    });
  }
}

/**
 * Splits a Group PATCH into its member operations (as a MemberChange, without loading the members: a group may have
 * thousands) and the other operations, which scimmy applies to displayName and externalId. Members are added or
 * replaced by `path: "members"` (or a path-less value holding `members`) and removed by the same path with values,
 * or by a path filter `members[value eq "id"]` as Okta sends it.
 */
export function splitGroupPatch(operations: Json[]): { members: MemberChange; others: Json[] } {
  const members: MemberChange = { set: null, add: [], remove: [] };
  const others: Json[] = [];
  for (const operation of operations) {
    const op = typeof operation.op === 'string' ? operation.op.toLowerCase() : '';
    const path = typeof operation.path === 'string' ? operation.path.trim() : undefined;
    const match = path === undefined ? null : MEMBERS_PATH.exec(path);
    if (match) {
      const filter = match[1];
      if (filter && op !== 'remove')
        throw scimError(400, `A filter on members is only for removing them (${path})`, 'invalidPath');
      if (!['add', 'remove', 'replace'].includes(op))
        throw scimError(400, `Invalid operation '${String(operation.op)}'`, 'invalidSyntax');
      if (filter) addMemberOp(members, 'remove', idsOfMemberFilter(filter));
      else if (op === 'remove' && operation.value === undefined) addMemberOp(members, 'remove', 'all');
      else addMemberOp(members, op, memberIdsOf(operation.value));
      continue;
    }
    if (path === undefined && isObject(operation.value) && (op === 'add' || op === 'replace')) {
      const key = Object.keys(operation.value).find((k) => k.toLowerCase() === 'members');
      if (key) {
        const { [key]: listed, ...rest } = operation.value;
        addMemberOp(members, op, memberIdsOf(listed));
        if (Object.keys(rest).length > 0) others.push({ ...operation, value: rest });
        continue;
      }
    }
    others.push(operation);
  }
  return { members, others };
}

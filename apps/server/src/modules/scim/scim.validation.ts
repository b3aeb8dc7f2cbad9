import {
  EMAIL_MAX_LENGTH,
  isValidEmail,
  NAME_MAX_LENGTH,
  SCIM_MAX_RESULTS,
  type ScimListQuery,
} from '@rally/shared';
import { fromScimmy, SCIMMY, scimError, viaScimmy } from './scim.protocol.ts';

/**
 * What a SCIM request asks, in our terms: a User resource as the fields of a member, a filter as the equality tests
 * the repository runs, a PATCH as the resource it leads to (Groups: scim-groups.validation.ts). scimmy checks the resources against RFC
 * 7643; the forms identity providers really send are made valid first ("False" for false, as Entra ID sends).
 */

/** A member as SCIM gives them (POST and PUT /Users, or a User after a PATCH). */
export interface ScimUserFields {
  userName: string;
  externalId: string | null;
  email: string;
  firstName: string | null;
  lastName: string | null;
  city: string | null;
  state: string | null;
  country: string | null;
  /** Undefined when the resource does not say (a member stays as they are; a new one is active). */
  active: boolean | undefined;
}

/** A SCIM resource or message as JSON. */
export type Json = Record<string, unknown>;

/** Whether a value is a JSON object (not an array, not null). */
export const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

// Attributes of type boolean in the User and Group schemas: where a provider sends "True" or "False" for them.
const BOOLEAN_ATTRIBUTES = new Set(['active', 'primary']);

/** The attribute a path or key ends with: `emails[type eq "work"].primary` → primary, `urn:…:User:active` → active. */
function lastAttribute(path: string): string {
  const plain = path.replace(/\[[^\]]*\]/g, '');
  return (plain.split(/[.:]/).at(-1) ?? '').toLowerCase();
}

/**
 * Turns the string booleans some providers send ("True", "false") into booleans wherever a boolean attribute is
 * meant; every other value is left as it came. `key` is the attribute or PATCH path the value belongs to.
 */
export function normaliseBooleans(value: unknown, key?: string): unknown {
  if (Array.isArray(value)) return value.map((v) => normaliseBooleans(v, key));
  if (isObject(value))
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, normaliseBooleans(v, k)]));
  if (typeof value === 'string' && key && BOOLEAN_ATTRIBUTES.has(lastAttribute(key))) {
    const lower = value.trim().toLowerCase();
    if (lower === 'true' || lower === 'false') return lower === 'true';
  }
  return value;
}

/** A text attribute, trimmed; null when absent or empty; 400 naming it when too long or not text. */
export function optionalText(value: unknown, name: string, max = NAME_MAX_LENGTH): string | null {
  if (value === undefined || value === null) return null;
  if (typeof value !== 'string') throw scimError(400, `${name} must be a string`, 'invalidValue');
  const text = value.trim();
  if (text.length > max) throw scimError(400, `${name} must be ${max} characters or less`, 'invalidValue');
  return text === '' ? null : text;
}

/** The entry of a multi-valued attribute that counts: the primary one, else the work one, else the first. */
function chosen(values: unknown): Json | undefined {
  const list = Array.isArray(values) ? values.filter(isObject) : [];
  return list.find((v) => v.primary === true) ?? list.find((v) => v.type === 'work') ?? list[0];
}

/** Splits "Ada Lovelace" into a first and a last name. */
function splitName(full: string | null): [string | null, string | null] {
  if (!full) return [null, null];
  const at = full.indexOf(' ');
  return at < 0 ? [full, null] : [full.slice(0, at), full.slice(at + 1).trim() || null];
}

/**
 * The member a User resource describes (already checked by scimmy). Their email is the primary (or work, or first)
 * of `emails`, else a userName that is an email address; a member without one is refused, since they sign in by it.
 * Without `name`, the displayName gives the first and last name. A change that leaves no email keeps `currentEmail`.
 */
export function fieldsOfUser(user: Json, currentEmail: string | null = null): ScimUserFields {
  const userName = optionalText(user.userName, 'userName', EMAIL_MAX_LENGTH);
  if (!userName) throw scimError(400, 'userName is required', 'invalidValue');
  const email =
    optionalText(chosen(user.emails)?.value, 'emails.value', EMAIL_MAX_LENGTH) ??
    (isValidEmail(userName) ? userName : currentEmail);
  if (!email)
    throw scimError(
      400,
      'emails: a member needs an email address (send emails, or a userName that is one)',
      'invalidValue',
    );
  if (!isValidEmail(email))
    throw scimError(400, `emails: ${email} is not a valid email address`, 'invalidValue');
  const name = isObject(user.name) ? user.name : {};
  let firstName = optionalText(name.givenName, 'name.givenName');
  let lastName = optionalText(name.familyName, 'name.familyName');
  if (!firstName && !lastName) {
    const full =
      optionalText(name.formatted, 'name.formatted', 2 * NAME_MAX_LENGTH) ??
      optionalText(user.displayName, 'displayName', 2 * NAME_MAX_LENGTH);
    [firstName, lastName] = splitName(full).map((part) => part?.slice(0, NAME_MAX_LENGTH) ?? null) as [
      string | null,
      string | null,
    ];
  }
  const address = chosen(user.addresses) ?? {};
  return {
    userName,
    externalId: optionalText(user.externalId, 'externalId', 255),
    email,
    firstName,
    lastName,
    city: optionalText(address.locality, 'addresses.locality'),
    state: optionalText(address.region, 'addresses.region'),
    country: optionalText(address.country, 'addresses.country'),
    active: typeof user.active === 'boolean' ? user.active : undefined,
  };
}

/** The resource's own fields as plain JSON (scimmy's instances carry getters and proxies). */
export const plain = (value: unknown): Json => JSON.parse(JSON.stringify(value ?? {})) as Json;

/**
 * A User resource of POST or PUT /Users (or the one a PATCH led to), checked against the User schema; 400
 * (invalidValue…) otherwise. `currentEmail` is the member's email when the resource replaces one.
 */
export function parseUserResource(body: unknown, currentEmail: string | null = null): ScimUserFields {
  if (!isObject(body)) throw scimError(400, 'Send a User resource as a JSON object', 'invalidSyntax');
  const user = viaScimmy(() => new SCIMMY.Schemas.User(normaliseBooleans(body), 'in'));
  return fieldsOfUser(plain(user), currentEmail);
}

/** What a page of a list asks: 1-based start, and how many. */
export interface ScimPage {
  startIndex: number;
  count: number;
}

/** A list's page as asked: startIndex below 1 is 1, count within 0..SCIM_MAX_RESULTS (RFC 7644 3.4.2.4). */
export const pageOf = (query: ScimListQuery): ScimPage => ({
  startIndex: Math.max(1, query.startIndex ?? 1),
  count: Math.min(SCIM_MAX_RESULTS, Math.max(0, query.count ?? SCIM_MAX_RESULTS)),
});

/** One branch of a filter: every attribute (by its canonical name) must equal its value. */
export type FilterBranch = Record<string, string>;

/**
 * A list filter as equality tests: `userName eq "a@b.c"`, joined by `and` and `or`, on the attributes `allowed` names
 * (lower case → canonical; a sub-attribute as `members.value`). Any other form is 400 invalidFilter, so a provider never gets a wrong list. Undefined
 * when there is no filter.
 */
export function parseFilter(
  filter: string | undefined,
  allowed: Record<string, string>,
): FilterBranch[] | undefined {
  if (filter === undefined || filter.trim() === '') return undefined;
  let parsed: Json[];
  try {
    parsed = new SCIMMY.Types.Filter(filter) as unknown as Json[];
  } catch (error) {
    // scimmy's own errors say what is wrong; anything else it threw on a malformed filter says nothing useful.
    const why = error instanceof SCIMMY.Types.Error ? error.message : 'write it as attribute eq "value"';
    throw scimError(400, `The filter ${filter} is not valid: ${why}`, 'invalidFilter');
  }
  const supported = Object.values(allowed).join(', ');
  // A value filter on a sub-attribute (`members[value eq "id"]`, `members.value eq "id"`) comes nested: flattened to
  // `members.value`.
  const flat = (branch: Json) =>
    Object.entries(branch).flatMap(([attribute, test]) =>
      isObject(test)
        ? Object.entries(test).map(([sub, t]) => [`${attribute}.${sub}`, t] as const)
        : [[attribute, test] as const],
    );
  return parsed.map((branch) => {
    const out: FilterBranch = {};
    for (const [attribute, test] of flat(branch)) {
      const key = allowed[attribute.toLowerCase()];
      if (!key)
        throw scimError(
          400,
          `Filtering by ${attribute} is not supported; filter by ${supported}`,
          'invalidFilter',
        );
      if (!Array.isArray(test) || test.length !== 2 || String(test[0]).toLowerCase() !== 'eq')
        throw scimError(400, `Only "${key} eq \\"value\\"" is supported for ${key}`, 'invalidFilter');
      const value = test[1];
      if (typeof value !== 'string' && typeof value !== 'number')
        throw scimError(400, `${key} must be compared with a string`, 'invalidFilter');
      out[key] = String(value);
    }
    if (Object.keys(out).length === 0)
      throw scimError(400, `The filter ${filter} is not valid`, 'invalidFilter');
    return out;
  });
}

/**
 * A PATCH request's operations, string booleans made booleans, checked as a PatchOp message by scimmy (its schema,
 * and each operation: add, remove or replace in any case, a value to add, a path to remove); 400 otherwise.
 */
export function patchOperationsOf(body: unknown): Json[] {
  if (!isObject(body) || !Array.isArray(body.Operations))
    throw scimError(400, 'Send a PatchOp message with its Operations', 'invalidSyntax');
  const operations = body.Operations.map((op) =>
    isObject(op)
      ? { ...op, value: normaliseBooleans(op.value, typeof op.path === 'string' ? op.path : undefined) }
      : op,
  );
  viaScimmy(() => new SCIMMY.Messages.PatchOp({ ...body, Operations: operations } as never));
  return operations as Json[];
}

const ENTERPRISE_PREFIX = 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:user';
/** `addresses[type eq "work"].locality` → addresses, work. */
const TYPED_ENTRY = /^(\w+)\[\s*type\s+eq\s+"([^"]+)"\s*\]\.\w+$/i;

/**
 * Makes a User PATCH as Entra ID sends it applicable: operations on the enterprise extension (department, manager…,
 * which Entra may send in forms its own schema refuses, such as manager as a bare id) are dropped, since nothing of it
 * is kept; and an `add`/`replace` of `addresses[type eq "work"].locality` on a member without a work address gets
 * that address to fill (scimmy would find no target). Answers the operations to apply and the resource to apply them to.
 */
export function preparedUserPatch(
  resource: Json,
  operations: Json[],
): { resource: Json; operations: Json[] } {
  const copy = JSON.parse(JSON.stringify(resource)) as Json;
  const isEnterprise = (key: string) => key.toLowerCase().startsWith(ENTERPRISE_PREFIX);
  const ensureEntry = (path: string) => {
    const [, attribute, type] = TYPED_ENTRY.exec(path) ?? [];
    if (!attribute || !type) return;
    const key = Object.keys(copy).find((k) => k.toLowerCase() === attribute.toLowerCase()) ?? attribute;
    const list = Array.isArray(copy[key]) ? (copy[key] as Json[]) : [];
    if (!list.some((entry) => String(entry.type).toLowerCase() === type.toLowerCase())) list.push({ type });
    copy[key] = list;
  };
  const kept: Json[] = [];
  for (const operation of operations) {
    const op = String(operation.op).toLowerCase();
    const path = typeof operation.path === 'string' ? operation.path : undefined;
    if (path && isEnterprise(path)) continue;
    if (path === undefined && isObject(operation.value)) {
      const value = Object.fromEntries(Object.entries(operation.value).filter(([k]) => !isEnterprise(k)));
      if (op !== 'remove') for (const key of Object.keys(value)) ensureEntry(key);
      if (Object.keys(value).length > 0) kept.push({ ...operation, value });
      continue;
    }
    if (path && op !== 'remove') ensureEntry(path);
    kept.push(operation);
  }
  return { resource: copy, operations: kept };
}

/** Applies PATCH operations to a resource (already in SCIM form) with scimmy; answers the resource they lead to. */
export async function applyPatch(
  schema: typeof SCIMMY.Schemas.User | typeof SCIMMY.Schemas.Group,
  resource: Json,
  operations: Json[],
): Promise<Json> {
  if (operations.length === 0) return resource;
  try {
    const message = new SCIMMY.Messages.PatchOp({
      schemas: [SCIMMY.Messages.PatchOp.id],
      Operations: operations,
    } as never);
    const patched = await message.apply(new schema(resource, 'out'));
    return patched ? plain(patched) : resource;
  } catch (error) {
    throw fromScimmy(error);
  }
}

import { SCIM_BASE_PATH } from '@rally/shared';
import { GROUP_SCHEMA, LIST_RESPONSE_SCHEMA, SCIMMY, USER_SCHEMA } from './scim.protocol.ts';
import type { ScimUserRow } from './scim.repository.ts';
import type { ScimGroupRow, ScimMemberRow } from './scim-groups.repository.ts';

/**
 * Members and teams as SCIM resources (RFC 7643), lists as ListResponse messages, and the discovery documents.
 * `base` is the service's address on the client's own domain (`https://{domain}/scim/v2`, from its stored settings,
 * never the request's Host); without one, locations are left out.
 */

type Json = Record<string, unknown>;

const iso = (value: Date | string) => new Date(value).toISOString();
/** A copy without its undefined and null fields (SCIM leaves out what has no value). */
const compact = (value: Json): Json =>
  Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined && v !== null));

/** The name a person goes by: first and last name, else their email. */
export function displayNameOf(p: {
  firstName: string | null;
  lastName: string | null;
  email: string | null;
}) {
  return [p.firstName, p.lastName].filter(Boolean).join(' ') || p.email || '';
}

/** A member as a SCIM User. */
export function presentScimUser(row: ScimUserRow, base: string | null): Json {
  const teams =
    typeof row.teams === 'string' ? (JSON.parse(row.teams) as { id: string; name: string }[]) : row.teams;
  const hasAddress = row.city || row.state || row.country;
  return compact({
    schemas: [USER_SCHEMA],
    id: row.id,
    externalId: row.externalId,
    userName: row.userName,
    name: compact({
      formatted: [row.firstName, row.lastName].filter(Boolean).join(' ') || null,
      givenName: row.firstName,
      familyName: row.lastName,
    }),
    displayName: displayNameOf(row),
    active: row.isActive,
    emails: row.email ? [{ value: row.email, type: 'work', primary: true }] : undefined,
    addresses: hasAddress
      ? [
          compact({
            type: 'work',
            locality: row.city,
            region: row.state,
            country: row.country,
            primary: true,
          }),
        ]
      : undefined,
    groups: teams.map((t) =>
      compact({ value: t.id, display: t.name, $ref: base ? `${base}/Groups/${t.id}` : null, type: 'direct' }),
    ),
    meta: compact({
      resourceType: 'User',
      created: iso(row.createdAt),
      lastModified: iso(row.updatedAt),
      location: base ? `${base}/Users/${row.id}` : null,
    }),
  });
}

/** A team as a SCIM Group; `members` null when they were not asked for (excludedAttributes=members). */
export function presentScimGroup(
  row: ScimGroupRow,
  members: ScimMemberRow[] | null,
  base: string | null,
): Json {
  return compact({
    schemas: [GROUP_SCHEMA],
    id: row.id,
    externalId: row.externalId,
    displayName: row.name,
    members: members?.map((m) =>
      compact({
        value: m.id,
        display: displayNameOf(m),
        $ref: base ? `${base}/Users/${m.id}` : null,
        type: 'User',
      }),
    ),
    meta: compact({
      resourceType: 'Group',
      created: iso(row.createdAt),
      lastModified: iso(row.createdAt),
      location: base ? `${base}/Groups/${row.id}` : null,
    }),
  });
}

/** The attributes a request names (attributes, excludedAttributes), in lower case without the core schema's URN. */
const namesOf = (list: string | undefined) =>
  (list ?? '')
    .split(',')
    .map((a) =>
      a
        .trim()
        .replace(/^urn:ietf:params:scim:schemas:core:2\.0:(user|group):/i, '')
        .toLowerCase(),
    )
    .filter(Boolean);

/** Keeps (or drops) the sub-attributes `names` lists under `key` of a complex attribute. */
function pickSub(value: unknown, subs: string[], keep: boolean): unknown {
  const pick = (v: unknown) =>
    v && typeof v === 'object'
      ? Object.fromEntries(Object.entries(v).filter(([k]) => subs.includes(k.toLowerCase()) === keep))
      : v;
  return Array.isArray(value) ? value.map(pick) : pick(value);
}

/**
 * A resource with only the attributes asked for (RFC 7644 3.4.2.5): `attributes` keeps those (and id, schemas,
 * meta), `excludedAttributes` drops those; `name.givenName` names a sub-attribute.
 */
export function projectAttributes(
  resource: Json,
  { attributes, excludedAttributes }: { attributes?: string; excludedAttributes?: string },
): Json {
  const include = namesOf(attributes);
  const exclude = namesOf(excludedAttributes);
  if (include.length === 0 && exclude.length === 0) return resource;
  const subsOf = (names: string[], key: string) =>
    names.filter((n) => n.startsWith(`${key}.`)).map((n) => n.slice(key.length + 1));
  const out: Json = {};
  for (const [key, value] of Object.entries(resource)) {
    const k = key.toLowerCase();
    if (include.length > 0) {
      if (['id', 'schemas', 'meta'].includes(k) || include.includes(k)) out[key] = value;
      else if (subsOf(include, k).length > 0) out[key] = pickSub(value, subsOf(include, k), true);
    } else if (k === 'id' || !exclude.includes(k)) {
      out[key] = subsOf(exclude, k).length > 0 ? pickSub(value, subsOf(exclude, k), false) : value;
    }
  }
  return out;
}

/** A ListResponse message (RFC 7644 3.4.2). */
export function presentList(resources: Json[], { total, startIndex }: { total: number; startIndex: number }) {
  return {
    schemas: [LIST_RESPONSE_SCHEMA],
    totalResults: total,
    startIndex,
    itemsPerPage: resources.length,
    Resources: resources,
  };
}

/** scimmy's discovery documents with their locations under the client's address (scimmy knows only the path). */
function locatedAt(doc: unknown, base: string | null): Json {
  const json = JSON.parse(JSON.stringify(doc)) as Json;
  const fix = (resource: Json) => {
    const meta = resource.meta as Json | undefined;
    if (meta && typeof meta.location === 'string')
      meta.location = base ? `${base}${meta.location.slice(SCIM_BASE_PATH.length)}` : undefined;
    return compact(resource);
  };
  if (Array.isArray(json.Resources)) json.Resources = (json.Resources as Json[]).map(fix);
  return fix(json);
}

/** GET /ServiceProviderConfig: what this service supports (PATCH and filters; no bulk, sort, ETags or passwords). */
export async function presentServiceProviderConfig(base: string | null): Promise<Json> {
  return locatedAt(await new SCIMMY.Resources.ServiceProviderConfig().read(), base);
}

/** GET /ResourceTypes (or one of them by id): User and Group. */
export async function presentResourceTypes(base: string | null, id?: string): Promise<Json> {
  return locatedAt(await new SCIMMY.Resources.ResourceType(id).read(), base);
}

/** GET /Schemas (or one of them by id): the User (with the enterprise extension) and Group schemas. */
export async function presentSchemas(base: string | null, id?: string): Promise<Json> {
  return locatedAt(await new SCIMMY.Resources.Schema(id).read(), base);
}

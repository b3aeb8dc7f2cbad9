import { SCIM_BASE_PATH, SCIM_MAX_RESULTS } from '@rally/shared';
import SCIMMY from 'scimmy';
import { HttpError } from '../../lib/errors.ts';

/**
 * The SCIM 2.0 protocol as `scimmy` (RFC 7643/7644, DESIGN's choice) knows it, set up once for the process: the core
 * User schema with the enterprise extension Entra ID sends, the Group schema, and what this service supports. Our own
 * routes call scimmy for what it does well (validating resources, parsing filters, applying PATCH operations,
 * describing the service); the data and the rules stay ours.
 */

export const USER_SCHEMA = SCIMMY.Schemas.User.id;
export const GROUP_SCHEMA = SCIMMY.Schemas.Group.id;
export const ENTERPRISE_USER_SCHEMA = SCIMMY.Schemas.EnterpriseUser.id;
export const LIST_RESPONSE_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:ListResponse';
export const ERROR_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:Error';
/** The media type of SCIM messages (RFC 7644 3.1); plain JSON is accepted too. */
export const SCIM_CONTENT_TYPE = 'application/scim+json; charset=utf-8';

// Entra ID sends the enterprise extension (department, employeeNumber, manager…): accepted, not stored. scimmy is
// one copy per process (test files share it), so it is extended once.
const hasEnterprise = SCIMMY.Schemas.User.definition.attributes.some(
  (a) => (a as { id?: string }).id === ENTERPRISE_USER_SCHEMA,
);
// scimmy's typings want an instance; its code (and documentation) takes the schema class.
if (!hasEnterprise) SCIMMY.Schemas.User.extend(SCIMMY.Schemas.EnterpriseUser as never, false);
SCIMMY.Resources.declare(SCIMMY.Resources.User);
SCIMMY.Resources.declare(SCIMMY.Resources.Group);
// Paths only: the presenter puts them under the client's own address.
for (const resource of [
  SCIMMY.Resources.User,
  SCIMMY.Resources.Group,
  SCIMMY.Resources.ResourceType,
  SCIMMY.Resources.Schema,
  SCIMMY.Resources.ServiceProviderConfig,
])
  resource.basepath(SCIM_BASE_PATH);
SCIMMY.Config.set({
  patch: true,
  filter: { supported: true, maxResults: SCIM_MAX_RESULTS },
  bulk: false,
  sort: false,
  etag: false,
  changePassword: false,
  authenticationSchemes: [
    {
      type: 'oauthbearertoken',
      name: 'Bearer token',
      description:
        'A SCIM token of the app, made by an admin on Admin > Integrations: Authorization: Bearer rally_scim_…',
    },
  ],
});

export { SCIMMY };

/** A SCIM error (RFC 7644 3.12): the status, the `scimType` keyword where one fits, and a detail for people. */
export const scimError = (status: number, detail: string, scimType?: string) =>
  new HttpError(status, detail, scimType);

/** A SCIM error scimmy threw (its SCIMError), as the HTTP error the SCIM error handler answers; else undefined. */
export function fromScimmyError(error: unknown): HttpError | undefined {
  if (!(error instanceof SCIMMY.Types.Error)) return undefined;
  const e = error as InstanceType<typeof SCIMMY.Types.Error> & { status: number; scimType?: string };
  return scimError(Number(e.status) || 400, e.message, e.scimType ?? undefined);
}

/**
 * What a call of scimmy threw, as an HTTP error: its SCIM errors keep status and scimType; the TypeError its schema
 * classes throw for a value of the wrong shape ("Required attribute 'userName' is missing") is 400 invalidValue.
 */
export function fromScimmy(error: unknown): unknown {
  if (error instanceof TypeError) return scimError(400, error.message, 'invalidValue');
  return fromScimmyError(error) ?? error;
}

/** Runs scimmy, answering what it refuses as a SCIM 400 (or its own status). */
export function viaScimmy<T>(work: () => T): T {
  try {
    return work();
  } catch (error) {
    throw fromScimmy(error);
  }
}

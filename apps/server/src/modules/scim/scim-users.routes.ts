import {
  ScimAttributesQuerySchema,
  ScimBodySchema,
  ScimIdParamsSchema,
  ScimListQuerySchema,
} from '@rally/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { deprovisionScimUser } from './commands/deprovision-scim-user.ts';
import { provisionScimUser } from './commands/provision-scim-user.ts';
import { updateScimUser } from './commands/update-scim-user.ts';
import { presentList, presentScimUser, projectAttributes } from './scim.presenter.ts';
import { SCIMMY, scimError } from './scim.protocol.ts';
import { findScimUsers, getScimUser, type ScimUserRow } from './scim.repository.ts';
import { scimActorOf, scimBaseOf } from './scim.request.ts';
import {
  applyPatch,
  pageOf,
  parseFilter,
  parseUserResource,
  patchOperationsOf,
  preparedUserPatch,
} from './scim.validation.ts';

/** The User attributes a filter may test, by their lower-case name. */
const USER_FILTERS = { username: 'userName', externalid: 'externalId', id: 'id' };

const DOC = { tags: ['SCIM'], security: [{ scimToken: [] }] };

/**
 * /scim/v2/Users: the client's members as SCIM Users. List (with `filter=userName eq "…"` and the like), read,
 * create, replace, patch (as Entra ID and Okta send it, `active: false` included) and delete (deactivate and keep).
 */
export async function scimUsersRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  async function userOr404(request: FastifyRequest, id: string): Promise<ScimUserRow> {
    const row = await getScimUser(ctx.db, { clientId: request.tenant.id, userId: id });
    if (!row) throw scimError(404, `User ${id} not found`);
    return row;
  }
  const present = async (request: FastifyRequest, id: string) =>
    presentScimUser(await userOr404(request, id), scimBaseOf(request));

  r.get('/Users', { schema: { ...DOC, querystring: ScimListQuerySchema } }, async (request) => {
    const page = pageOf(request.query);
    const filter = parseFilter(request.query.filter, USER_FILTERS);
    const { rows, total } = await findScimUsers(ctx.db, { clientId: request.tenant.id, filter, page });
    const base = scimBaseOf(request);
    return presentList(
      rows.map((row) => projectAttributes(presentScimUser(row, base), request.query)),
      { total, startIndex: page.startIndex },
    );
  });

  r.get(
    '/Users/:id',
    { schema: { ...DOC, params: ScimIdParamsSchema, querystring: ScimAttributesQuerySchema } },
    async (request) => projectAttributes(await present(request, request.params.id), request.query),
  );

  r.post('/Users', { schema: { ...DOC, body: ScimBodySchema } }, async (request, reply) => {
    const row = await provisionScimUser(ctx, scimActorOf(request), parseUserResource(request.body));
    const user = presentScimUser(row, scimBaseOf(request));
    const location = (user.meta as { location?: string }).location;
    if (location) reply.header('location', location);
    return reply.status(201).send(user);
  });

  r.put(
    '/Users/:id',
    { schema: { ...DOC, params: ScimIdParamsSchema, body: ScimBodySchema } },
    async (request) => {
      const current = await userOr404(request, request.params.id);
      await updateScimUser(
        ctx,
        scimActorOf(request),
        current,
        parseUserResource(request.body, current.email),
      );
      return present(request, current.id);
    },
  );

  r.patch(
    '/Users/:id',
    { schema: { ...DOC, params: ScimIdParamsSchema, body: ScimBodySchema } },
    async (request) => {
      const current = await userOr404(request, request.params.id);
      const { resource, operations } = preparedUserPatch(
        presentScimUser(current, scimBaseOf(request)),
        patchOperationsOf(request.body),
      );
      const patched = await applyPatch(SCIMMY.Schemas.User, resource, operations);
      await updateScimUser(ctx, scimActorOf(request), current, parseUserResource(patched, current.email));
      return present(request, current.id);
    },
  );

  r.delete('/Users/:id', { schema: { ...DOC, params: ScimIdParamsSchema } }, async (request, reply) => {
    await deprovisionScimUser(ctx, scimActorOf(request), await userOr404(request, request.params.id));
    return reply.status(204).send();
  });
}

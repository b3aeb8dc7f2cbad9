import {
  ScimAttributesQuerySchema,
  ScimBodySchema,
  ScimIdParamsSchema,
  ScimListQuerySchema,
} from '@rally/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { createScimGroup } from './commands/create-scim-group.ts';
import { deleteScimGroup } from './commands/delete-scim-group.ts';
import { updateScimGroup } from './commands/update-scim-group.ts';
import { presentList, presentScimGroup, projectAttributes } from './scim.presenter.ts';
import { SCIMMY, scimError } from './scim.protocol.ts';
import { scimActorOf, scimBaseOf } from './scim.request.ts';
import { applyPatch, pageOf, parseFilter, patchOperationsOf } from './scim.validation.ts';
import {
  findGroupMembers,
  findScimGroups,
  getScimGroup,
  type ScimGroupRow,
  type ScimMemberRow,
} from './scim-groups.repository.ts';
import { groupName, parseGroupResource, splitGroupPatch } from './scim-groups.validation.ts';

/** The Group attributes a filter may test, by their lower-case name. */
const GROUP_FILTERS = {
  displayname: 'displayName',
  externalid: 'externalId',
  id: 'id',
  // Entra ID checks a membership with `id eq "group" and members[value eq "user"]`.
  'members.value': 'members.value',
};

const DOC = { tags: ['SCIM'], security: [{ scimToken: [] }] };

/** Whether an answer leaves members out (`excludedAttributes=members`, as Entra ID asks, or attributes without it). */
function wantsMembers(query: { attributes?: string; excludedAttributes?: string }): boolean {
  const names = (list?: string) =>
    (list ?? '').split(',').map((a) => a.trim().toLowerCase().split(':').at(-1));
  if (query.attributes)
    return names(query.attributes).some((a) => a === 'members' || a?.startsWith('members.'));
  return !names(query.excludedAttributes).includes('members');
}

/**
 * /scim/v2/Groups: the client's teams as SCIM Groups, their members as the teams' members. List (with `filter=
 * displayName eq "…"`), read, create, replace, patch (members added and removed, also by a `members[value eq "…"]`
 * path filter) and delete.
 */
export async function scimGroupsRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  async function groupOr404(request: FastifyRequest, id: string): Promise<ScimGroupRow> {
    const row = await getScimGroup(ctx.db, { clientId: request.tenant.id, teamId: id });
    if (!row) throw scimError(404, `Group ${id} not found`);
    return row;
  }
  /** The groups as resources, their members loaded in one query when they are wanted. */
  async function present(request: FastifyRequest, rows: ScimGroupRow[], withMembers: boolean) {
    const members = withMembers
      ? await findGroupMembers(ctx.db, { clientId: request.tenant.id, teamIds: rows.map((row) => row.id) })
      : [];
    const byTeam = new Map<string, ScimMemberRow[]>(rows.map((row) => [row.id, []]));
    for (const m of members) byTeam.get(m.teamId)?.push(m);
    return rows.map((row) =>
      presentScimGroup(row, withMembers ? byTeam.get(row.id)! : null, scimBaseOf(request)),
    );
  }
  const presentOne = async (request: FastifyRequest, id: string) =>
    (await present(request, [await groupOr404(request, id)], true))[0]!;

  r.get('/Groups', { schema: { ...DOC, querystring: ScimListQuerySchema } }, async (request) => {
    const page = pageOf(request.query);
    const filter = parseFilter(request.query.filter, GROUP_FILTERS);
    const { rows, total } = await findScimGroups(ctx.db, { clientId: request.tenant.id, filter, page });
    const groups = await present(request, rows, wantsMembers(request.query));
    return presentList(
      groups.map((g) => projectAttributes(g, request.query)),
      { total, startIndex: page.startIndex },
    );
  });

  r.get(
    '/Groups/:id',
    { schema: { ...DOC, params: ScimIdParamsSchema, querystring: ScimAttributesQuerySchema } },
    async (request) => {
      const row = await groupOr404(request, request.params.id);
      const [group] = await present(request, [row], wantsMembers(request.query));
      return projectAttributes(group!, request.query);
    },
  );

  r.post('/Groups', { schema: { ...DOC, body: ScimBodySchema } }, async (request, reply) => {
    const id = await createScimGroup(ctx, scimActorOf(request), parseGroupResource(request.body));
    // has_teams of the bootstrap flips with the first team.
    app.invalidateTenants();
    const group = await presentOne(request, id);
    const location = (group.meta as { location?: string }).location;
    if (location) reply.header('location', location);
    return reply.status(201).send(group);
  });

  r.put(
    '/Groups/:id',
    { schema: { ...DOC, params: ScimIdParamsSchema, body: ScimBodySchema } },
    async (request) => {
      const current = await groupOr404(request, request.params.id);
      const { displayName, externalId, memberIds } = parseGroupResource(request.body);
      await updateScimGroup(ctx, scimActorOf(request), current, {
        displayName,
        externalId,
        members: { set: memberIds, add: [], remove: [] },
      });
      return presentOne(request, current.id);
    },
  );

  r.patch(
    '/Groups/:id',
    { schema: { ...DOC, params: ScimIdParamsSchema, body: ScimBodySchema } },
    async (request, reply) => {
      const current = await groupOr404(request, request.params.id);
      const { members, others } = splitGroupPatch(patchOperationsOf(request.body));
      // The name and externalId through scimmy, on the group without its members (they may be thousands).
      const patched = await applyPatch(
        SCIMMY.Schemas.Group,
        presentScimGroup(current, null, scimBaseOf(request)),
        others,
      );
      await updateScimGroup(ctx, scimActorOf(request), current, {
        displayName: groupName(patched.displayName),
        externalId: typeof patched.externalId === 'string' ? patched.externalId : null,
        members,
      });
      // Members may be thousands: the answer is 204, as Entra ID and Okta accept (RFC 7644 3.5.2).
      return reply.status(204).send();
    },
  );

  r.delete('/Groups/:id', { schema: { ...DOC, params: ScimIdParamsSchema } }, async (request, reply) => {
    await deleteScimGroup(ctx, scimActorOf(request), await groupOr404(request, request.params.id));
    app.invalidateTenants();
    return reply.status(204).send();
  });
}

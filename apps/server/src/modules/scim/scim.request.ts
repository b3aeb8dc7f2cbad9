import { SCIM_BASE_PATH } from '@rally/shared';
import type { FastifyRequest } from 'fastify';
import type { ScimActor } from './scim.policy.ts';
import { scimError } from './scim.protocol.ts';
import type { ScimTokenRow } from './scim-tokens.repository.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The SCIM token a /scim/v2 request came with (set by the SCIM scope's hook in scim.routes.ts). */
    scimToken: ScimTokenRow | null;
  }
}

/** The caller of a SCIM route: the client's identity provider, by the token it presented. */
export function scimActorOf(request: FastifyRequest): ScimActor {
  if (!request.scimToken) throw scimError(401, 'Send a SCIM token');
  return { clientId: request.tenant.id, tokenId: request.scimToken.id };
}

/** The service's address on the client's own domain, from its stored settings (never the request's Host). */
export const scimBaseOf = (request: FastifyRequest): string | null =>
  request.tenant.linkOrigin ? `${request.tenant.linkOrigin}${SCIM_BASE_PATH}` : null;

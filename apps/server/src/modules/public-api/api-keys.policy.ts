import type { ApiKeyScope, Role } from '@rally/shared';
import { allow, type Decision, deny, roleIn } from '../../lib/authorize.ts';

/** API keys are set on the Integrations tab: ADMIN only (SPEC 6). */
export const manageApiKeys = (actor: { role: Role }): Decision =>
  roleIn(actor.role, ['ADMIN'], 'manage API keys');

/** A read key reads; a read-and-write key also writes. */
export const keyMay = (scope: ApiKeyScope, method: string): Decision =>
  method === 'GET' || method === 'HEAD' || scope === 'read_write'
    ? allow
    : deny('This API key may only read: create a read and write key to change data', 'read_only_key');

import { LoginResponseSchema } from '@rally/shared';
import { api } from '../../../lib/api-client';

/** POST /api/invitations/accept {token, password} → {user, token}: sets the password and signs in. */
export const acceptInvitation = (body: { token: string; password: string }) =>
  api.post('/api/invitations/accept', body, { schema: LoginResponseSchema, retries: 0 });

import type { LoginRequest, LoginResponse } from '@rally/shared';
import { ApiError, api, isRecordWithId } from '../../../lib/api-client';
import { i18n } from '../../../lib/i18n';

/** A call that answers {user, token}, checked for the least the session needs. */
async function signIn(path: string, body: unknown): Promise<LoginResponse> {
  const answer = await api.post<LoginResponse>(path, body);
  if (!isRecordWithId(answer?.user) || typeof answer.token !== 'string') {
    throw new ApiError(i18n.t('errors.unexpectedResponse', 'The server sent an unexpected answer.'), 200);
  }
  return answer;
}

/**
 * POST /api/login → {user, token}; 401 wrong credentials, 429 rate limited, 400 bad input. Typed, not parsed, so
 * the login page's first load carries no zod (issue 11); the server validates the answer before sending it.
 */
export const login = (body: LoginRequest) => signIn('/api/login', body);

/** POST /api/guests → 201 {user, token}: "Browse as a guest" (feature open); 403 without it, 429 rate limited. */
export const startGuest = () => signIn('/api/guests', {});

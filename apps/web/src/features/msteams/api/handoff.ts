import type { HandoffResponse, LoginResponse } from '@rally/shared';
import { ApiError, api, isRecordWithId } from '../../../lib/api-client';
import { i18n } from '../../../lib/i18n';

/** POST /api/auth/handoff → 201 {code}: a one-time code that hands this window's sign-in to the Teams tab. */
export async function createHandoff(): Promise<string> {
  const answer = await api.post<HandoffResponse>('/api/auth/handoff');
  if (typeof answer?.code !== 'string') throw unexpected();
  return answer.code;
}

/** POST /api/auth/handoff/redeem {code} → {user, token}: the Teams tab's own session; 401 for a spent code. */
export async function redeemHandoff(code: string): Promise<LoginResponse> {
  const answer = await api.post<LoginResponse>('/api/auth/handoff/redeem', { code });
  if (!isRecordWithId(answer?.user) || typeof answer.token !== 'string') throw unexpected();
  return answer;
}

const unexpected = () =>
  new ApiError(i18n.t('errors.unexpectedResponse', 'The server sent an unexpected answer.'), 200);

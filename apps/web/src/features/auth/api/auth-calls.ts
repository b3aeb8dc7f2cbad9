import { type CreateAccountRequest, LoginResponseSchema, MessageResponseSchema } from '@rally/shared';
import { api } from '../../../lib/api-client';
import { i18n, resolveLanguage } from '../../../lib/i18n';

/** POST /api/accounts (feature open) → 201 {message}; the form's language becomes the account's and its email's. */
export const createAccount = (body: CreateAccountRequest) =>
  api.post(
    '/api/accounts',
    { ...body, locale: body.locale ?? resolveLanguage(i18n.language) },
    { schema: MessageResponseSchema },
  );

/** POST /api/password-reset → {message}; the same answer whether or not the email is known. */
export const requestPasswordReset = (email: string) =>
  api.post('/api/password-reset', { email }, { schema: MessageResponseSchema });

/** POST /api/password-reset/confirm → {message}. */
export const confirmPasswordReset = (token: string, password: string) =>
  api.post('/api/password-reset/confirm', { token, password }, { schema: MessageResponseSchema });

/** POST /api/verify → {user, token}: confirms the email and signs in. */
export const verifyEmail = (token: string) =>
  api.post('/api/verify', { token }, { schema: LoginResponseSchema });

/** POST /api/verify/resend {email} → {message}: a new verification link, if that account awaits one. */
export const resendVerification = (email: string) =>
  api.post('/api/verify/resend', { email }, { schema: MessageResponseSchema });

import { z } from 'zod';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../constants/limits.ts';
import { LOCALES } from '../constants/locales.ts';
import { EMAIL_MAX_LENGTH, isValidEmail } from '../rules/validation.ts';
import { UserSchema } from './users.ts';

/** The language a sign-up form was filled in (issue 14): the new account's language and its emails'. */
export const SignupLocaleSchema = z
  .enum(LOCALES, { message: `locale must be one of ${LOCALES.join(', ')}` })
  .optional();

export const EmailSchema = z
  .string({ error: (issue) => (issue.input === undefined ? 'Email is required' : 'Email must be text') })
  .trim()
  .min(1, 'Email is required')
  .max(EMAIL_MAX_LENGTH, `Email must be ${EMAIL_MAX_LENGTH} characters or less`)
  .refine(isValidEmail, 'Email must be a valid email address')
  .transform((v) => v.toLowerCase());

export const PasswordSchema = z
  .string({
    error: (issue) => (issue.input === undefined ? 'Password is required' : 'Password must be text'),
  })
  .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`)
  .max(PASSWORD_MAX_LENGTH, `Password must be ${PASSWORD_MAX_LENGTH} characters or less`);

export const LoginRequestSchema = z.object({
  email: EmailSchema,
  password: z
    .string({ message: 'Password is required' })
    .min(1, 'Password is required')
    .max(PASSWORD_MAX_LENGTH),
});
export type LoginRequest = z.infer<typeof LoginRequestSchema>;

export const LoginResponseSchema = z.object({ user: UserSchema, token: z.string() });
export type LoginResponse = z.infer<typeof LoginResponseSchema>;

/** POST /api/accounts: create an account (only with feature open). */
export const CreateAccountRequestSchema = z.object({
  email: EmailSchema,
  password: PasswordSchema,
  first_name: z
    .string()
    .trim()
    .min(1, 'First name is required')
    .max(80, 'First name must be 80 characters or less'),
  last_name: z
    .string()
    .trim()
    .min(1, 'Last name is required')
    .max(80, 'Last name must be 80 characters or less'),
  locale: SignupLocaleSchema,
});
export type CreateAccountRequest = z.infer<typeof CreateAccountRequestSchema>;

/** POST /api/password-reset: asks for a reset link. Always answers the same, so emails cannot be probed. */
export const RequestResetRequestSchema = z.object({ email: EmailSchema });

/** POST /api/password-reset/confirm: sets a new password with the emailed token. */
export const ConfirmResetRequestSchema = z.object({
  token: z.string().min(20, 'token is invalid').max(200, 'token is invalid'),
  password: PasswordSchema,
});

/** POST /api/verify: confirms an email with the emailed token; answers with a session. */
export const VerifyEmailRequestSchema = z.object({
  token: z.string().min(20, 'token is invalid').max(200, 'token is invalid'),
});

/** POST /api/verify/resend: sends the verification email again for the signed-in user. */

/**
 * POST /api/auth/handoff: a one-time code that hands the signed-in member's sign-in to another window of the same
 * app (issue 24: the Microsoft Teams tab, whose sign-in runs in a pop-up). Valid for HANDOFF_TTL_SECONDS.
 */
export const HandoffResponseSchema = z.object({ code: z.string() });
export type HandoffResponse = z.infer<typeof HandoffResponseSchema>;

/** POST /api/auth/handoff/redeem: trades a handoff code for a session of its member; answers like a login. */
export const RedeemHandoffRequestSchema = z.object({
  code: z.string({ message: 'code is required' }).min(20, 'code is invalid').max(200, 'code is invalid'),
});
export type RedeemHandoffRequest = z.infer<typeof RedeemHandoffRequestSchema>;

/** How long a handoff code can be redeemed. */
export const HANDOFF_TTL_SECONDS = 120;

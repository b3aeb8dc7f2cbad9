import { z } from 'zod';
import { EmailSchema, PasswordSchema } from './auth.ts';
import { ASSIGNABLE_ROLES } from './users.ts';

/** How long an invitation link works (7 days); a resend issues a new link and voids the old one. */
export const INVITATION_TTL_DAYS = 7;

/** POST /api/admin/users/invitations: invite one person by email with a role and teams. */
export const InviteUserRequestSchema = z
  .object({
    email: EmailSchema,
    role: z
      .enum(ASSIGNABLE_ROLES, { message: `role must be one of ${ASSIGNABLE_ROLES.join(', ')}` })
      .default('USER'),
    team_ids: z
      .array(z.uuid({ message: 'team_ids must be team ids' }), { message: 'team_ids must be a list' })
      .max(200, 'team_ids must hold 200 teams or fewer')
      .default([]),
  })
  .strict();
export type InviteUserRequest = z.input<typeof InviteUserRequestSchema>;

/** POST /api/invitations/accept: the emailed token and the password the invited person chooses. */
export const AcceptInvitationRequestSchema = z
  .object({
    token: z
      .string({ message: 'token is required' })
      .min(1, 'token is required')
      .max(200, 'token must be 200 characters or less'),
    password: PasswordSchema,
  })
  .strict();
export type AcceptInvitationRequest = z.infer<typeof AcceptInvitationRequestSchema>;

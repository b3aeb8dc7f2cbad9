import { z } from 'zod';
import { ListQuerySchema } from './common.ts';

/** One row of the client's audit log: who did what to what, and when. */
export const AuditEntrySchema = z.object({
  id: z.string(),
  action: z.string(),
  actor: z.object({ id: z.string(), display_name: z.string() }).nullable(),
  target: z.string().nullable(),
  /** The target's name when it is a user of the client (else null). */
  target_name: z.string().nullable(),
  data: z.record(z.string(), z.unknown()),
  created_at: z.string(),
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;

const auditDay = (label: string) =>
  z.iso.date({ message: `${label} must be a date (YYYY-MM-DD)` }).optional();

/** GET /api/admin/audit: newest first, filtered by action, actor and days (UTC, `from` and `to` included). */
export const AuditQuerySchema = ListQuerySchema.extend({
  action: z
    .string()
    .trim()
    .max(60, 'action must be 60 characters or less')
    .regex(/^[a-z_.]*$/, 'action must be an action name such as user.deactivate')
    .optional(),
  actor: z.uuid({ message: 'actor must be a user id' }).optional(),
  from: auditDay('from'),
  to: auditDay('to'),
}).refine((q) => !q.from || !q.to || q.from <= q.to, {
  message: 'to must be on or after from',
  path: ['to'],
});
export type AuditQuery = z.input<typeof AuditQuerySchema>;

export const AuditResponseSchema = z.object({
  entries: z.array(AuditEntrySchema),
  next_cursor: z.string().nullable(),
});
export type AuditResponse = z.infer<typeof AuditResponseSchema>;

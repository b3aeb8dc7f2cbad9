import { z } from 'zod';

/** Largest CSV accepted by POST /api/admin/users/imports (the server stops reading past it). */
export const USER_IMPORT_MAX_BYTES = 1024 * 1024;
/** Most data rows one import takes. */
export const USER_IMPORT_MAX_ROWS = 5000;
/** Columns of an import CSV; only email is required. Teams are team names separated by ';'. */
export const USER_IMPORT_COLUMNS = ['email', 'role', 'teams', 'first_name', 'last_name'] as const;
export type UserImportColumn = (typeof USER_IMPORT_COLUMNS)[number];
/** The ordered steps of an import, as the progress banner shows them. */
export const USER_IMPORT_STEPS = ['check', 'invite', 'email'] as const;
export type UserImportStep = (typeof USER_IMPORT_STEPS)[number];

/** A row the import could not take: its line number in the file (the header is line 1), the column and why. */
export const UserImportRowErrorSchema = z.object({
  row: z.number().int(),
  column: z.enum(USER_IMPORT_COLUMNS),
  message: z.string(),
});
export type UserImportRowError = z.infer<typeof UserImportRowErrorSchema>;

/** A valid row that created nothing because its email already has an account or an invitation. */
export const UserImportSkippedSchema = z.object({
  row: z.number().int(),
  email: z.string(),
  reason: z.enum(['already_invited', 'already_member']),
});

/** GET /api/admin/users/imports/{id}: where an import is, and what it did. */
export const UserImportSchema = z.object({
  id: z.string(),
  status: z.enum(['running', 'done', 'failed']),
  step: z.enum(USER_IMPORT_STEPS),
  /** 0–100 over the three steps. */
  percent: z.number().int().min(0).max(100),
  rows: z.number().int(),
  invited: z.array(z.object({ row: z.number().int(), email: z.string(), user_id: z.string() })),
  skipped: z.array(UserImportSkippedSchema),
  errors: z.array(UserImportRowErrorSchema),
  /** Why the import failed as a whole (status failed). */
  error: z.string().nullable(),
});
export type UserImport = z.infer<typeof UserImportSchema>;
export const UserImportResponseSchema = z.object({ import: UserImportSchema });
export type UserImportResponse = z.infer<typeof UserImportResponseSchema>;

/** POST /api/admin/users/{id}/erase: the caller confirms (the page asks to type the member's name first). */
export const EraseUserRequestSchema = z
  .object({ confirm: z.literal(true, { message: 'confirm must be true' }) })
  .strict();
export type EraseUserRequest = z.infer<typeof EraseUserRequestSchema>;

/** GET /api/admin/users/{id}/export: every personal record of a member, as stored. */
export const PersonalDataExportSchema = z.object({
  exported_at: z.string(),
  profile: z.record(z.string(), z.unknown()),
  teams: z.array(z.record(z.string(), z.unknown())),
  participations: z.array(z.record(z.string(), z.unknown())),
  shares: z.array(z.record(z.string(), z.unknown())),
  posts: z.array(z.record(z.string(), z.unknown())),
  comments: z.array(z.record(z.string(), z.unknown())),
  chat_messages: z.array(z.record(z.string(), z.unknown())),
  points_ledger: z.array(z.record(z.string(), z.unknown())),
  devices: z.array(z.record(z.string(), z.unknown())),
});
export type PersonalDataExport = z.infer<typeof PersonalDataExportSchema>;

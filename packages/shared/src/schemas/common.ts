import { z } from 'zod';
import { LIST_PAGE_SIZE, LIST_PAGE_SIZE_MAX, TITLE_MAX_LENGTH } from '../constants/limits.ts';

/** Error body of every failed call. */
export const ErrorResponseSchema = z.object({
  /** Human-readable reason, naming the field when input was bad. */
  message: z.string(),
  /** Machine-readable code where a client acts on it. */
  code: z.string().optional(),
});
export type ErrorResponse = z.infer<typeof ErrorResponseSchema>;

export const IdSchema = z.uuid({ message: 'must be a valid id' });

/** Query of every list call (SPEC 7): limit (negative with cursor = newer items) and cursor = id of the last item. */
export const ListQuerySchema = z.object({
  limit: z.coerce
    .number({ message: 'limit must be a number' })
    .int('limit must be a whole number')
    .min(-LIST_PAGE_SIZE_MAX, `limit must be between -${LIST_PAGE_SIZE_MAX} and ${LIST_PAGE_SIZE_MAX}`)
    .max(LIST_PAGE_SIZE_MAX, `limit must be between -${LIST_PAGE_SIZE_MAX} and ${LIST_PAGE_SIZE_MAX}`)
    .refine((n) => n !== 0, 'limit cannot be 0')
    .default(LIST_PAGE_SIZE),
  cursor: IdSchema.optional(),
});
export type ListQuery = z.infer<typeof ListQuerySchema>;

export const MessageResponseSchema = z.object({ message: z.string() });
export const OkResponseSchema = z.object({ ok: z.literal(true) });
export type OkResponse = z.infer<typeof OkResponseSchema>;

/** The shape of a PATCH body made from a create schema's shape: every field optional, defaults removed. */
export type PatchShape<T extends z.ZodRawShape> = {
  [K in keyof T]: z.ZodOptional<T[K] extends z.ZodDefault<infer Inner> ? Inner : T[K]>;
};

/**
 * The schema of a PATCH body from its create schema: every field optional and no defaults, so that a field the
 * request omits stays as it is (a default would silently reset it: PATCH is partial everywhere).
 */
export function patchOf<T extends z.ZodRawShape>(schema: z.ZodObject<T>): z.ZodObject<PatchShape<T>> {
  const shape: Record<string, z.ZodType> = {};
  for (const [key, field] of Object.entries(schema.shape)) {
    const inner = field instanceof z.ZodDefault ? (field.unwrap() as z.ZodType) : (field as z.ZodType);
    shape[key] = inner.optional();
  }
  return z.object(shape) as unknown as z.ZodObject<PatchShape<T>>;
}

/** A date and time as the server answers it (ISO 8601 text). */
export const isoString = z.string();

/** A required name or title of at most TITLE_MAX_LENGTH characters; `label` names it in messages. */
export const titleInput = (label: string) =>
  z
    .string({ message: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(TITLE_MAX_LENGTH, `${label} must be ${TITLE_MAX_LENGTH} characters or less`);

/** An optional, clearable date and time with offset (ISO 8601) in a request body. */
export const dateInput = (label: string) =>
  z.iso
    .datetime({ offset: true, message: `${label} must be a date and time (ISO 8601)` })
    .nullable()
    .optional();

/** A file URL in a request body: an upload of this app, a bundled brand file or an https URL. */
export const fileUrl = (label: string) =>
  z
    .string()
    .max(2048)
    .regex(/^(\/api\/files\/|\/brand\/|https:\/\/)/, `${label} must be an uploaded file or an https URL`);

import { createContext, useContext } from 'react';
import { type FieldPath, get, useFormState } from 'react-hook-form';
import type { ActivityFormValues } from '../utils/activity-form';
import type { ActivityField } from '../utils/server-field';

/** The last save's failure when it names a field: shown under that field. */
export const ActivityServerErrorContext = createContext<{ field: ActivityField; message: string } | null>(
  null,
);

/** The message to show under an activity field: its own validation error, else the server's. */
export function useActivityFieldError(name: FieldPath<ActivityFormValues>): string | undefined {
  const { errors } = useFormState<ActivityFormValues>({ name });
  const server = useContext(ActivityServerErrorContext);
  const own = (get(errors, name) as { message?: string } | undefined)?.message;
  return own ?? (server && server.field === name ? server.message : undefined);
}

/**
 * The fields of a partial update that carry a value, or null when none does: PATCH leaves out what stays as it
 * is, and an update with nothing to set is no update at all (Drizzle refuses to build one).
 */
export function changesOf<T extends Record<string, unknown>>(fields: T): Partial<T> | null {
  const sent = Object.entries(fields).filter(([, value]) => value !== undefined);
  return sent.length === 0 ? null : (Object.fromEntries(sent) as Partial<T>);
}

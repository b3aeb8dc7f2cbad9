/** The fields a display name is built from (SPEC 3, 6). */
export type NamedPerson = {
  /** Fallback when no name is set. */
  email?: string | null;
  /** Shown only when display_username is true. */
  username?: string | null;
  /** The person chose to be shown by username. */
  display_username?: boolean | null;
  /** Given name. */
  first_name?: string | null;
  /** Family name. */
  last_name?: string | null;
};

/** A person's place fields; any may be missing. */
export type LocatedPerson = {
  /** City. */
  city?: string | null;
  /** State or region. */
  state?: string | null;
  /** Country. */
  country?: string | null;
};

function clean(value: string | null | undefined): string {
  return value?.trim() ?? '';
}

/**
 * Name shown for a person (SPEC 6): username when display_username is set, else first and last name,
 * else email, else 'Unknown'; an absent person is 'Unassigned'. Blank values count as missing.
 */
export function getDisplayName(person: NamedPerson | null | undefined): string {
  if (!person) return 'Unassigned';
  const username = clean(person.username);
  if (person.display_username === true && username) return username;
  const fullName = [clean(person.first_name), clean(person.last_name)].filter(Boolean).join(' ');
  if (fullName) return fullName;
  const email = clean(person.email);
  if (email) return email;
  return 'Unknown';
}

/** 'City, State, Country' from the non-empty parts, or null when none is set (user menu, SPEC 2). */
export function getLocation(person: LocatedPerson | null | undefined): string | null {
  if (!person) return null;
  const parts = [clean(person.city), clean(person.state), clean(person.country)].filter(Boolean);
  return parts.length > 0 ? parts.join(', ') : null;
}

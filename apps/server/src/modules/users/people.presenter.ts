import { getDisplayName, getLocation, type Person } from '@rally/shared';
import { users } from '../../db/schema/index.ts';

/** The user columns a person in a list is presented from. */
export const PERSON_COLUMNS = {
  id: users.id,
  email: users.email,
  username: users.username,
  displayUsername: users.displayUsername,
  firstName: users.firstName,
  lastName: users.lastName,
  imageUrl: users.imageUrl,
  city: users.city,
  state: users.state,
  country: users.country,
};

/** A row selected with PERSON_COLUMNS. */
export interface PersonRow {
  id: string;
  email: string | null;
  username: string | null;
  displayUsername: boolean;
  firstName: string | null;
  lastName: string | null;
  imageUrl: string | null;
  city: string | null;
  state: string | null;
  country: string | null;
}

/** SPEC 6's display name of a user row. */
export function displayNameOf(
  row: Omit<PersonRow, 'id' | 'imageUrl' | 'city' | 'state' | 'country'>,
): string {
  return getDisplayName({
    email: row.email,
    username: row.username,
    display_username: row.displayUsername,
    first_name: row.firstName,
    last_name: row.lastName,
  });
}

/** A person as lists show them: display name, picture and place; never the email itself. */
export function presentPerson(row: PersonRow): Person {
  return {
    id: row.id,
    display_name: displayNameOf(row),
    image_url: row.imageUrl,
    location: getLocation(row),
  };
}

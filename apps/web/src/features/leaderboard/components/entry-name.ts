import { getDisplayName, type LeaderboardEntry } from '@rally/shared';

/**
 * The name a row shows: the team's, or the member's by SPEC 6. The server's display name (an email only for
 * admins and leads) stands in as the last resort, where SPEC 6 falls back to the email.
 */
export function getEntryName(entry: LeaderboardEntry): string {
  if (entry.team) return entry.team.name;
  if (!entry.user) return getDisplayName(null);
  return getDisplayName({ ...entry.user, email: entry.user.display_name });
}

/** The picture of a row (Avatar falls back to the primary-colour circle, SPEC 3). */
export const getEntryImage = (entry: LeaderboardEntry): string | null =>
  entry.user?.image_url ?? entry.team?.image_url ?? null;

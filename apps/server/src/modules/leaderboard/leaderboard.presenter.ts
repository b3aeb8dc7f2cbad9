import { getDisplayName, type LeaderboardEntry, type LeaderboardUser } from '@rally/shared';
import type { MemberRow, TeamRow } from './leaderboard.repository.ts';

/** A ranked member as others see them: display name by the viewer's role (SPEC 6), picture (SPEC 3). */
export function presentMember(row: MemberRow, canSeeEmail: boolean): LeaderboardUser {
  return {
    id: row.id,
    display_name: getDisplayName({ ...row, email: canSeeEmail ? row.email : null }),
    username: row.display_username ? row.username : null,
    display_username: row.display_username,
    first_name: row.first_name,
    last_name: row.last_name,
    image_url: row.image_url,
  };
}

/**
 * Competition ranks of a page in ranking order (1, 2, 2, 4): the first row's rank is `above + 1`; a later
 * row shares the rank of the row before it on equal points, else its rank is its position plus one.
 */
export function rankPage<T extends { points: number }>(
  rows: T[],
  first: { above: number; ahead: number },
): (T & { rank: number })[] {
  const ranked: (T & { rank: number })[] = [];
  rows.forEach((row, i) => {
    const previous = ranked[i - 1];
    const rank =
      i === 0 ? first.above + 1 : row.points === previous!.points ? previous!.rank : first.ahead + i + 1;
    ranked.push({ ...row, rank });
  });
  return ranked;
}

export function presentMemberEntry(
  row: MemberRow & { rank: number },
  canSeeEmail: boolean,
): LeaderboardEntry {
  return {
    id: row.id,
    rank: row.rank,
    points: row.points,
    user: presentMember(row, canSeeEmail),
    team: null,
  };
}

export function presentTeamEntry(row: TeamRow): LeaderboardEntry {
  return {
    id: row.id,
    rank: row.rank,
    points: row.points,
    user: null,
    team: { id: row.id, name: row.name, image_url: row.image_url, member_count: row.member_count },
  };
}

// Zod schemas of the leaderboard API (issue 4); filled in by its module.
export {};

// Zod schemas of the feed API (issue 4); filled in by its module.
export {};

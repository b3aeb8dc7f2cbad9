// Zod schemas of the people API (issue 4); filled in by its module.
export {};

// Zod schemas of the safety API (issue 4); filled in by its module.
export {};

// Zod schemas of the notifications API (issue 4); filled in by its module.
export {};

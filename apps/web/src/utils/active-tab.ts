/** The tab of `pathname`: an exact match, else the longest tab path it lies under (/admin/projects/1 → Projects). */
export function findActiveTab<T extends { path: string }>(items: readonly T[], pathname: string): T | null {
  const exact = items.find((item) => item.path === pathname);
  if (exact) return exact;
  const parents = items.filter((item) => pathname.startsWith(`${item.path}/`));
  return parents.sort((a, b) => b.path.length - a.path.length)[0] ?? null;
}

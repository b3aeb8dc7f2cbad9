import type { ListQuery } from '@rally/shared';
import { and, asc, desc, gt, lt, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

/**
 * Keyset pagination over a UUIDv7 id column (SPEC 7): a positive limit pages to older items after the cursor;
 * a negative limit with a cursor fetches the newer items before it. Items are always returned newest first.
 */
export function keyset(idColumn: PgColumn, query: ListQuery, where: SQL | undefined) {
  const isNewer = query.limit < 0 && query.cursor !== undefined;
  const size = Math.abs(query.limit);
  const cursorCond = query.cursor
    ? isNewer
      ? gt(idColumn, query.cursor)
      : lt(idColumn, query.cursor)
    : undefined;
  return {
    where: and(where, cursorCond),
    orderBy: isNewer ? asc(idColumn) : desc(idColumn),
    /** One more than the page, to know whether another page exists. */
    limit: size + 1,
    /** Trims the extra row and orders newest first; `nextCursor` is the id of the last (oldest) item when more exist. */
    finish<T extends { id: string }>(rows: T[]): { items: T[]; nextCursor: string | null } {
      const hasMore = rows.length > size;
      const page = rows.slice(0, size);
      if (isNewer) page.reverse();
      return { items: page, nextCursor: !isNewer && hasMore ? (page.at(-1)?.id ?? null) : null };
    },
  };
}

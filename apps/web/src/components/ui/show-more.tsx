import { Button } from './button';

interface PagedQuery {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => Promise<unknown>;
}

/** "Show more" under a paged list (SPEC 7 cursor pages): busy while the next page loads, gone after the last. */
export function ShowMore({ query, label }: { query: PagedQuery; label: string }) {
  if (!query.hasNextPage) return null;
  return (
    <div className="text-center">
      <Button
        variant="secondary"
        onClick={() => void query.fetchNextPage()}
        isLoading={query.isFetchingNextPage}
      >
        {label}
      </Button>
    </div>
  );
}

import type { LucideIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { Skeleton } from '../../../components/ui/skeleton';

/** Grey cards while a library list loads. */
export function LibrarySkeleton({ tall = false }: { tall?: boolean }) {
  return (
    <div aria-hidden className="grid grid-cols-2 gap-4 lg:grid-cols-3">
      {[0, 1, 2].map((i) => (
        <Skeleton key={i} className={tall ? 'h-44 rounded-2xl' : 'h-36 rounded-2xl'} />
      ))}
    </div>
  );
}

/** The server's message with Try again. */
export function LibraryError({ error, onRetry }: { error: Error; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert tone="error">
      <p>{error.message}</p>
      <Button variant="secondary" size="sm" className="mt-2" onClick={onRetry}>
        {t('library.retry')}
      </Button>
    </Alert>
  );
}

/** Nothing in the library yet, or nothing matching the search. */
export function LibraryEmpty({
  icon,
  kind,
  isFiltered,
}: {
  icon: LucideIcon;
  kind: string;
  isFiltered: boolean;
}) {
  const { t } = useTranslation();
  return isFiltered ? (
    <EmptyState
      icon={icon}
      headingLevel="h3"
      title={t('library.noMatchTitle')}
      description={t('library.noMatchText')}
    />
  ) : (
    <EmptyState
      icon={icon}
      headingLevel="h3"
      title={t(`library.${kind}.emptyTitle`)}
      description={t(`library.${kind}.emptyText`)}
    />
  );
}

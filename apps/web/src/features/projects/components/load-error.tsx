import { SearchX } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { Button, ButtonLink } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { ApiError } from '../../../lib/api-client';

interface LoadErrorProps {
  error: Error;
  onRetry: () => void;
  /** Where "not found" sends the member. */
  backTo: string;
  backLabel: string;
}

/**
 * A failed load: an unknown or malformed id (404, 400: retrying can't help) as an empty state with the
 * server's message; anything else (offline, 5xx) as an error with a retry.
 */
export function LoadError({ error, onRetry, backTo, backLabel }: LoadErrorProps) {
  const { t } = useTranslation();
  if (error instanceof ApiError && (error.status === 404 || error.status === 400)) {
    return (
      <EmptyState
        icon={SearchX}
        title={error.message}
        action={<ButtonLink to={backTo}>{backLabel}</ButtonLink>}
      />
    );
  }
  return (
    <Alert tone="error">
      <p>{error.message}</p>
      <Button variant="secondary" size="sm" className="mt-2" onClick={onRetry}>
        {t('projects.retry')}
      </Button>
    </Alert>
  );
}

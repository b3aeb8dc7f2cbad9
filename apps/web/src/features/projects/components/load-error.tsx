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

/** A failed load: "not found" (404, the server's message) as an empty state, anything else with a retry. */
export function LoadError({ error, onRetry, backTo, backLabel }: LoadErrorProps) {
  const { t } = useTranslation();
  if (error instanceof ApiError && error.status === 404) {
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

import { Lock } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { ApiError } from '../../../lib/api-client';

/** A failed load: the server's answer, as a locked page for 403 and with Try again otherwise. */
export function ApiErrorState({ error, onRetry }: { error: Error; onRetry: () => void }) {
  const { t } = useTranslation();
  if (error instanceof ApiError && error.status === 403) {
    return <EmptyState icon={Lock} title={t('adminProjects.forbiddenTitle')} description={error.message} />;
  }
  return (
    <Alert tone="error">
      <p>{error.message}</p>
      <Button variant="secondary" size="sm" className="mt-2" onClick={onRetry}>
        {t('adminProjects.retry')}
      </Button>
    </Alert>
  );
}

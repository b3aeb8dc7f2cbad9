import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from './alert';
import { Button } from './button';

interface LoadFailedProps {
  error: Error;
  onRetry: () => void;
  /** A line above the server's message (what could not be loaded). */
  title?: ReactNode;
}

/** A load that failed (offline, 5xx…): the server's message and Try again. */
export function LoadFailed({ error, onRetry, title }: LoadFailedProps) {
  const { t } = useTranslation();
  return (
    <Alert tone="error">
      {title && <p className="font-medium">{title}</p>}
      <p className={title ? 'text-xs' : undefined}>{error.message}</p>
      <Button variant="secondary" size="sm" className="mt-2" onClick={onRetry}>
        {t('common.retry')}
      </Button>
    </Alert>
  );
}

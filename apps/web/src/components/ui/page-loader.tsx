import { useTranslation } from 'react-i18next';
import { Spinner } from './spinner';

/** Full-height loading state (e.g. while the session loads). */
export function PageLoader() {
  const { t } = useTranslation();
  return (
    <div className="flex min-h-[50dvh] items-center justify-center text-brand-text">
      <Spinner className="size-8" label={t('common.loading')} />
    </div>
  );
}

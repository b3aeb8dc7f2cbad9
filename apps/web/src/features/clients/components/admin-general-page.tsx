import { Lock } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { PageHeading } from '../../../components/layouts/page-heading';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { Skeleton } from '../../../components/ui/skeleton';
import { ApiError } from '../../../lib/api-client';
import { useUser } from '../../../lib/auth';
import { useClientSettings } from '../api/get-client-settings';
import { SettingsForm } from './settings-form';

/** /admin/general (ADMIN only, SPEC 6): the client's own settings. */
export function AdminGeneralPage() {
  const { t } = useTranslation();
  const user = useUser();
  const settings = useClientSettings(user?.id ?? '');
  if (!user) return null;

  return (
    <div className="space-y-5">
      <PageHeading title={t('adminGeneral.heading')} description={t('adminGeneral.intro')} />
      {settings.isPending ? (
        <div className="space-y-4" role="status" aria-busy="true" aria-label={t('adminGeneral.loading')}>
          <Skeleton className="h-64 w-full" />
          <Skeleton className="h-48 w-full" />
        </div>
      ) : settings.error ? (
        settings.error instanceof ApiError && settings.error.status === 403 ? (
          <EmptyState
            icon={Lock}
            title={t('adminGeneral.forbiddenTitle')}
            description={settings.error.message}
          />
        ) : (
          <Alert tone="error">
            <p>{settings.error.message}</p>
            <Button variant="secondary" size="sm" className="mt-2" onClick={() => void settings.refetch()}>
              {t('adminGeneral.retry')}
            </Button>
          </Alert>
        )
      ) : (
        <SettingsForm user={user} settings={settings.data} />
      )}
    </div>
  );
}

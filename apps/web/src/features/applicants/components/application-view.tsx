import { ClipboardList } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { FocusLayout } from '../../../components/layouts/focus-layout';
import { Alert } from '../../../components/ui/alert';
import { PageLoader } from '../../../components/ui/page-loader';
import { useApplication } from '../api/application-calls';

/** The public page of an application form (/apply/{application}). */
export function ApplicationView({ applicationId }: { applicationId: string }) {
  const { t } = useTranslation();
  const query = useApplication(applicationId);
  if (query.isPending) return <PageLoader />;
  if (query.isError) {
    return (
      <FocusLayout icon={ClipboardList} title={t('apply.notFoundTitle')}>
        <Alert tone="error">{query.error.message}</Alert>
      </FocusLayout>
    );
  }
  const { application } = query.data;
  return (
    <FocusLayout
      icon={ClipboardList}
      title={application.title}
      description={t('apply.from', { client: application.client_name })}
    >
      <div className="space-y-5">
        {application.description && (
          <p className="whitespace-pre-wrap text-[0.9375rem] leading-relaxed text-slate-700">
            {application.description}
          </p>
        )}
        <Alert tone="info">{t('apply.notOpenYet')}</Alert>
      </div>
    </FocusLayout>
  );
}

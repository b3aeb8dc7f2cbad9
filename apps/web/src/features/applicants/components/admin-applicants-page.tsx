import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeading } from '../../../components/layouts/page-heading';
import { SegmentedControl } from '../../../components/ui/segmented-control';
import { ApplicantQueue } from './applicant-queue';
import { ApplicationForms } from './application-forms';

type View = 'queue' | 'forms';

/** /admin/applicants (leadOnly): the review queue and the application forms. */
export function AdminApplicantsPage() {
  const { t } = useTranslation();
  const [view, setView] = useState<View>('queue');
  return (
    <div className="space-y-5">
      <PageHeading title={t('applicants.page.title')} description={t('applicants.page.text')} />
      <SegmentedControl
        label={t('applicants.page.view')}
        options={[
          { value: 'queue', label: t('applicants.page.queue') },
          { value: 'forms', label: t('applicants.page.forms') },
        ]}
        value={view}
        onChange={setView}
      />
      {view === 'queue' ? <ApplicantQueue /> : <ApplicationForms />}
    </div>
  );
}

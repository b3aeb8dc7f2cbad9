import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageHeading } from '../../../components/layouts/page-heading';
import { SegmentedControl } from '../../../components/ui/segmented-control';
import { useUser } from '../../../lib/auth';
import { ModerationQueue } from './moderation-queue';
import { SafetySettingsPanel } from './safety-settings-panel';
import { TestTextBox } from './test-text-box';
import { WordLists } from './word-lists';

const SECTIONS = ['queue', 'words', 'settings'] as const;
type Section = (typeof SECTIONS)[number];

/** /admin/safety (ADMIN only): the moderation queue, the word lists with a "test a text" box, and settings. */
export function AdminSafetyPage() {
  const { t } = useTranslation();
  const user = useUser();
  const [params, setParams] = useSearchParams();
  const asked = params.get('section');
  const section: Section = SECTIONS.find((s) => s === asked) ?? 'queue';
  if (!user) return null;

  const handleSection = (next: Section) => {
    const nextParams = new URLSearchParams();
    if (next !== 'queue') nextParams.set('section', next);
    setParams(nextParams, { replace: true });
  };

  return (
    <div className="space-y-5">
      <PageHeading title={t('safety.heading')} description={t('safety.intro')} />
      <SegmentedControl
        label={t('safety.sections.label')}
        options={SECTIONS.map((value) => ({ value, label: t(`safety.sections.${value}`) }))}
        value={section}
        onChange={handleSection}
      />
      {section === 'queue' && <ModerationQueue user={user} />}
      {section === 'words' && (
        <div className="grid items-start gap-5 lg:grid-cols-[minmax(0,1fr)_22rem]">
          <WordLists user={user} />
          <TestTextBox />
        </div>
      )}
      {section === 'settings' && (
        <div className="grid items-start gap-5 lg:grid-cols-[minmax(0,1fr)_22rem]">
          <SafetySettingsPanel user={user} />
          <TestTextBox />
        </div>
      )}
    </div>
  );
}

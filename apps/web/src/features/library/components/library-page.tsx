import { Tab, TabGroup, TabList, TabPanel, TabPanels } from '@headlessui/react';
import type { User } from '@rally/shared';
import { FileText, Images } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageHeading } from '../../../components/layouts/page-heading';
import { CreativesPanel } from './creatives-panel';
import { TemplatesPanel } from './templates-panel';

const TABS = ['templates', 'creatives'] as const;
const ICONS = { templates: FileText, creatives: Images };

/** /admin/library: post templates and creatives (images and videos), in two tabs kept in ?tab=. */
export function LibraryPage({ user }: { user: User }) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const selected = Math.max(0, TABS.indexOf(params.get('tab') as (typeof TABS)[number]));
  const handleChange = (index: number) =>
    setParams(index === 0 ? {} : { tab: TABS[index] ?? 'templates' }, { replace: true });

  return (
    <div className="space-y-5">
      <PageHeading title={t('library.heading')} description={t('library.intro')} />
      <TabGroup selectedIndex={selected} onChange={handleChange}>
        <TabList className="inline-flex gap-1 rounded-xl bg-slate-200/70 p-1">
          {TABS.map((tab) => {
            const Icon = ICONS[tab];
            return (
              <Tab
                key={tab}
                className="inline-flex items-center gap-2 rounded-lg px-4 py-2 text-sm font-medium text-slate-600 transition hover:text-slate-900 focus:outline-none data-focus:ring-2 data-focus:ring-brand/40 data-selected:bg-white data-selected:text-slate-900 data-selected:shadow-sm"
              >
                <Icon aria-hidden className="size-4" />
                {t(`library.tabs.${tab}`)}
              </Tab>
            );
          })}
        </TabList>
        <TabPanels className="mt-5">
          <TabPanel className="focus:outline-none">
            <TemplatesPanel user={user} />
          </TabPanel>
          <TabPanel className="focus:outline-none">
            <CreativesPanel user={user} />
          </TabPanel>
        </TabPanels>
      </TabGroup>
    </div>
  );
}

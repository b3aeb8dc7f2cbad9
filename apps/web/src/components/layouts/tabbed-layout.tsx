import { shouldUsePageSelector } from '@rally/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PageSelector } from '../ui/page-selector';
import { type TabLink, TabNav } from '../ui/tab-nav';

interface TabbedLayoutProps {
  items: readonly TabLink[];
  /** Accessible name of the tab navigation. */
  label: string;
  children: ReactNode;
}

/**
 * Section tabs above the section's page. On phones, more than 3 tabs become the "Select a page" selector
 * (SPEC 2); from tablet width the tabs always show.
 */
export function TabbedLayout({ items, label, children }: TabbedLayoutProps) {
  const { t } = useTranslation();
  const usesSelector = shouldUsePageSelector(items.length);
  return (
    <div className="space-y-6">
      {items.length > 1 && (
        <>
          {usesSelector && <PageSelector items={items} label={t('shell.selectPage')} className="md:hidden" />}
          <TabNav items={items} label={label} className={usesSelector ? 'hidden md:block' : undefined} />
        </>
      )}
      {children}
    </div>
  );
}

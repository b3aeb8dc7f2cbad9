import type { LucideIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/ui/empty-state';
import { useClient } from '../../lib/client';

interface UpcomingProps {
  icon: LucideIcon;
  /** i18n key prefix holding `.title` and `.text`. */
  textKey: string;
}

/** An honest empty page for a part whose content arrives later: what will appear here. */
export function Upcoming({ icon, textKey }: UpcomingProps) {
  const { t } = useTranslation();
  const client = useClient();
  const words = {
    client: client.name,
    projects: t('words.projects').toLocaleLowerCase(),
    teams: t('words.teams').toLocaleLowerCase(),
  };
  return (
    <EmptyState icon={icon} title={t(`${textKey}.title`, words)} description={t(`${textKey}.text`, words)} />
  );
}

import type { AdminProject } from '@rally/shared';
import { useTranslation } from 'react-i18next';
import { Badge, type BadgeTone } from '../../../components/ui/badge';

const TONES: Record<AdminProject['state'], BadgeTone> = {
  upcoming: 'info',
  active: 'success',
  ended: 'neutral',
  archived: 'warning',
};

/** Upcoming, Active, Ended or Archived. */
export function ProjectStateBadge({ state }: { state: AdminProject['state'] }) {
  const { t } = useTranslation();
  return <Badge tone={TONES[state]}>{t(`adminProjects.states.${state}`)}</Badge>;
}

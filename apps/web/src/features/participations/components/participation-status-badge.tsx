import type { AdminParticipation } from '@rally/shared';
import { useTranslation } from 'react-i18next';
import { Badge, type BadgeTone } from '../../../components/ui/badge';

const TONES: Record<AdminParticipation['status'], BadgeTone> = {
  pending: 'warning',
  completed: 'success',
  approved: 'success',
  rejected: 'danger',
};

/** Waiting for review, Completed, Approved or Rejected. */
export function ParticipationStatusBadge({ status }: { status: AdminParticipation['status'] }) {
  const { t } = useTranslation();
  return <Badge tone={TONES[status]}>{t(`participation.statuses.${status}`)}</Badge>;
}

import type { ActivityStatus } from '@rally/shared';
import { CircleCheck, CircleDashed, Hourglass, XCircle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Badge, type BadgeTone } from '../../../components/ui/badge';

const LOOK: Record<ActivityStatus, { tone: BadgeTone; icon: typeof CircleCheck }> = {
  todo: { tone: 'neutral', icon: CircleDashed },
  pending: { tone: 'warning', icon: Hourglass },
  completed: { tone: 'success', icon: CircleCheck },
  rejected: { tone: 'danger', icon: XCircle },
};

/** The member's status: To do, Waiting for review, Done or Rejected. */
export function ActivityStatusBadge({ status }: { status: ActivityStatus }) {
  const { t } = useTranslation();
  const { tone, icon: Icon } = LOOK[status];
  return (
    <Badge tone={tone}>
      <Icon aria-hidden className="size-3.5" />
      {t(`activities.status.${status}`)}
    </Badge>
  );
}

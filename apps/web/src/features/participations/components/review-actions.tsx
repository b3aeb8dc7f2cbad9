import type { AdminParticipation, User } from '@rally/shared';
import { Check, X } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { showToast } from '../../../lib/toast';
import { useReviewParticipation } from '../api/review-participation';
import { RejectDialog } from './reject-dialog';

/** Approve, or Reject with a reason, a pending Brand Content submission. */
export function ReviewActions({ user, participation }: { user: User; participation: AdminParticipation }) {
  const { t } = useTranslation();
  const approve = useReviewParticipation(user.id);
  const reject = useReviewParticipation(user.id);
  const [isRejecting, setIsRejecting] = useState(false);
  const name = participation.user.display_name;

  const handleApprove = () =>
    approve.mutate(
      { id: participation.id, decision: 'approve' },
      { onSuccess: () => showToast(t('participation.approved', { name }), { tone: 'success' }) },
    );
  const handleReject = (reason: string) =>
    reject.mutate(
      { id: participation.id, decision: 'reject', reason },
      {
        onSuccess: () => {
          setIsRejecting(false);
          showToast(t('participation.rejected', { name }), { tone: 'success' });
        },
      },
    );

  return (
    <div className="space-y-2">
      <div className="flex gap-2">
        <Button size="sm" onClick={handleApprove} isLoading={approve.isPending} disabled={reject.isPending}>
          <Check aria-hidden className="size-4" />
          {t('participation.approve')}
        </Button>
        <Button
          size="sm"
          variant="secondary"
          onClick={() => setIsRejecting(true)}
          disabled={approve.isPending}
        >
          <X aria-hidden className="size-4" />
          {t('participation.reject')}
        </Button>
      </div>
      {approve.isError && <Alert tone="error">{approve.error.message}</Alert>}
      <RejectDialog
        isOpen={isRejecting}
        memberName={name}
        onClose={() => {
          setIsRejecting(false);
          reject.reset();
        }}
        onReject={handleReject}
        isPending={reject.isPending}
        error={reject.error}
      />
    </div>
  );
}

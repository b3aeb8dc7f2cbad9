import type { ModerationItem, User } from '@rally/shared';
import { Check, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { showToast } from '../../../lib/toast';
import { useDecideModerationItem } from '../api/decide-moderation-item';

interface DecisionActionsProps {
  user: User;
  item: ModerationItem;
  authorName: string;
}

/** Approve at once, or Remove after a confirmation. */
export function DecisionActions({ user, item, authorName }: DecisionActionsProps) {
  const { t } = useTranslation();
  const approve = useDecideModerationItem(user.id);
  const remove = useDecideModerationItem(user.id);
  const [isConfirming, setIsConfirming] = useState(false);
  const name = authorName;

  const handleApprove = () =>
    approve.mutate(
      { id: item.id, decision: 'approve' },
      { onSuccess: () => showToast(t('safety.queue.approvedToast', { name }), { tone: 'success' }) },
    );
  const handleRemove = () =>
    remove.mutate(
      { id: item.id, decision: 'remove' },
      {
        onSuccess: () => {
          setIsConfirming(false);
          showToast(t('safety.queue.removedToast', { name }), { tone: 'success' });
        },
      },
    );

  return (
    <div className="space-y-2">
      <div className="flex gap-2">
        <Button size="sm" onClick={handleApprove} isLoading={approve.isPending} disabled={remove.isPending}>
          <Check aria-hidden className="size-4" />
          {t('safety.queue.approve')}
        </Button>
        <Button
          size="sm"
          variant="secondary"
          onClick={() => setIsConfirming(true)}
          disabled={approve.isPending}
        >
          <Trash2 aria-hidden className="size-4" />
          {t('safety.queue.remove')}
        </Button>
      </div>
      {approve.isError && <Alert tone="error">{approve.error.message}</Alert>}
      <ConfirmDialog
        isOpen={isConfirming}
        title={t('safety.queue.confirmTitle')}
        description={t('safety.queue.confirmText', { name })}
        confirmLabel={t('safety.queue.confirm')}
        cancelLabel={t('safety.queue.cancel')}
        onConfirm={handleRemove}
        onClose={() => {
          setIsConfirming(false);
          remove.reset();
        }}
        isPending={remove.isPending}
        error={remove.isError ? <Alert tone="error">{remove.error.message}</Alert> : undefined}
      />
    </div>
  );
}

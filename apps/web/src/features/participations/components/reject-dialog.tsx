import { ReviewParticipationRequestSchema } from '@rally/shared';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Textarea } from '../../../components/ui/input';
import { Modal } from '../../../components/ui/modal';

interface RejectDialogProps {
  isOpen: boolean;
  memberName: string;
  onClose: () => void;
  onReject: (reason: string) => void;
  isPending: boolean;
  error: Error | null;
}

/** Asks why a submission is rejected; the reason is sent to the member. */
export function RejectDialog({ isOpen, memberName, onClose, onReject, isPending, error }: RejectDialogProps) {
  const { t } = useTranslation();
  const formId = useId();
  const [reason, setReason] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = ReviewParticipationRequestSchema.safeParse({ decision: 'reject', reason });
    if (!parsed.success) return setFieldError(t('participation.reasonRequired'));
    setFieldError(undefined);
    onReject(reason.trim());
  };
  const handleClose = () => {
    if (isPending) return;
    setReason('');
    setFieldError(undefined);
    onClose();
  };

  return (
    <Modal
      isOpen={isOpen}
      onClose={handleClose}
      size="sm"
      title={t('participation.rejectTitle', { name: memberName })}
      description={t('participation.rejectText')}
      closeLabel={t('participation.close')}
      footer={
        <>
          <Button variant="secondary" onClick={handleClose} disabled={isPending}>
            {t('participation.cancel')}
          </Button>
          <Button type="submit" form={formId} variant="danger" isLoading={isPending}>
            {t('participation.reject')}
          </Button>
        </>
      }
    >
      <form id={formId} noValidate onSubmit={handleSubmit} className="space-y-4">
        <Field label={t('participation.reason')} error={fieldError}>
          {(control) => (
            <Textarea
              {...control}
              value={reason}
              onChange={(event) => setReason(event.target.value)}
              rows={4}
              maxLength={500}
              autoFocus
            />
          )}
        </Field>
        {error && <Alert tone="error">{error.message}</Alert>}
      </form>
    </Modal>
  );
}

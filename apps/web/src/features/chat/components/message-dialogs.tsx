import { CHAT_REPORT_REASON_MAX_LENGTH } from '@rally/shared';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Textarea } from '../../../components/ui/input';
import { Modal } from '../../../components/ui/modal';

interface ReportDialogProps {
  authorName: string;
  isPending: boolean;
  error: string | null;
  onReport: (reason: string) => void;
  onClose: () => void;
}

/** Reporting a message to the brand team's safety queue, with an optional reason. */
export function ReportDialog({ authorName, isPending, error, onReport, onClose }: ReportDialogProps) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    onReport(reason);
  };
  return (
    <Modal
      isOpen
      onClose={() => !isPending && onClose()}
      title={t('chat.report.title')}
      description={t('chat.report.description', { name: authorName })}
      closeLabel={t('chat.actions.cancel')}
      size="sm"
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={isPending}>
            {t('chat.actions.cancel')}
          </Button>
          <Button type="submit" form="chat-report-form" variant="danger" isLoading={isPending}>
            {t('chat.report.submit')}
          </Button>
        </>
      }
    >
      <form id="chat-report-form" onSubmit={handleSubmit} className="space-y-3">
        <Field label={t('chat.report.reason')} hint={t('chat.report.reasonHint')}>
          {(control) => (
            <Textarea
              {...control}
              value={reason}
              maxLength={CHAT_REPORT_REASON_MAX_LENGTH}
              onChange={(event) => setReason(event.target.value)}
            />
          )}
        </Field>
        {error && <Alert tone="error">{error}</Alert>}
      </form>
    </Modal>
  );
}

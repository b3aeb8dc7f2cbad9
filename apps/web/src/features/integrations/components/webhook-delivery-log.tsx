import type { Webhook, WebhookDelivery } from '@rally/shared';
import { RefreshCw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { Badge, type BadgeTone } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { Spinner } from '../../../components/ui/spinner';
import { showToast } from '../../../lib/toast';
import { formatDateTime, formatRelativeTime } from '../../../utils/format-date';
import { useResendDelivery, useWebhookDeliveries } from '../api/webhooks';

const STATUS_TONES: Record<WebhookDelivery['status'], BadgeTone> = {
  pending: 'warning',
  succeeded: 'success',
  failed: 'danger',
};

/** One delivery: its event, status and answer; opens to its attempts and the JSON sent, with Resend. */
function DeliveryRow({
  userId,
  webhookId,
  delivery,
}: {
  userId: string;
  webhookId: string;
  delivery: WebhookDelivery;
}) {
  const { t, i18n } = useTranslation();
  const resend = useResendDelivery(userId, webhookId);
  const when = delivery.last_attempt_at ?? delivery.created_at;
  return (
    <li className="py-3">
      <details>
        <summary className="flex cursor-pointer flex-wrap items-center gap-x-3 gap-y-1 text-sm">
          <span className="font-mono text-slate-900">{delivery.event_type}</span>
          <Badge tone={STATUS_TONES[delivery.status]}>
            {t(`integrations.webhooks.status.${delivery.status}`)}
          </Badge>
          {delivery.response_code !== null && (
            <span className="text-slate-600">
              {t('integrations.webhooks.responseCode', { code: delivery.response_code })}
            </span>
          )}
          <time dateTime={when} title={formatDateTime(when, i18n.language)} className="text-slate-500">
            {formatRelativeTime(when, i18n.language)}
          </time>
        </summary>
        <div className="mt-3 space-y-3 pl-1 text-sm">
          {delivery.error && <p className="text-red-700">{delivery.error}</p>}
          {delivery.next_attempt_at && (
            <p className="text-slate-600">
              {t('integrations.webhooks.nextAttempt', {
                when: formatRelativeTime(delivery.next_attempt_at, i18n.language),
              })}
            </p>
          )}
          <ol className="space-y-1" aria-label={t('integrations.webhooks.attempts')}>
            {delivery.attempts.map((attempt) => (
              <li key={attempt.id} className="flex flex-wrap gap-x-3 text-slate-700">
                <span>{formatDateTime(attempt.attempted_at, i18n.language)}</span>
                <span>{t(`integrations.webhooks.status.${attempt.status}`)}</span>
                <span>
                  {attempt.response_code !== null
                    ? t('integrations.webhooks.responseCode', { code: attempt.response_code })
                    : attempt.error}
                </span>
                <span className="text-slate-500">
                  {t('integrations.webhooks.duration', { ms: attempt.duration_ms })}
                </span>
                {attempt.trigger === 'resend' && (
                  <span className="text-slate-500">{t('integrations.webhooks.resent')}</span>
                )}
              </li>
            ))}
          </ol>
          <pre className="max-h-48 overflow-auto rounded-lg bg-slate-50 p-3 font-mono text-xs text-slate-800">
            {JSON.stringify(delivery.payload, null, 2)}
          </pre>
          {resend.isError && <Alert tone="error">{resend.error.message}</Alert>}
          <Button
            type="button"
            size="sm"
            variant="secondary"
            isLoading={resend.isPending}
            onClick={() =>
              resend.mutate(delivery.id, {
                onSuccess: () => showToast(t('integrations.webhooks.resendQueued')),
              })
            }
          >
            <RefreshCw aria-hidden className="size-4" />
            {t('integrations.webhooks.resend')}
          </Button>
        </div>
      </details>
    </li>
  );
}

/** The delivery log of one endpoint: newest first, more on demand; refreshed while a delivery waits. */
export function DeliveryLog({
  userId,
  webhook,
  onClose,
}: {
  userId: string;
  webhook: Webhook;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const deliveries = useWebhookDeliveries(userId, webhook.id);
  const rows = deliveries.data?.pages.flatMap((page) => page.deliveries) ?? [];
  return (
    <Modal
      isOpen
      size="lg"
      onClose={onClose}
      closeLabel={t('integrations.webhooks.close')}
      title={t('integrations.webhooks.logTitle')}
      description={<span className="break-all">{webhook.url}</span>}
    >
      {deliveries.isPending ? (
        <div className="flex justify-center py-8">
          <Spinner className="size-6" />
        </div>
      ) : deliveries.isError ? (
        <Alert tone="error">{deliveries.error.message}</Alert>
      ) : rows.length === 0 ? (
        <p className="text-sm text-slate-600">{t('integrations.webhooks.noDeliveries')}</p>
      ) : (
        <>
          <ul className="divide-y divide-slate-200" aria-label={t('integrations.webhooks.logTitle')}>
            {rows.map((delivery) => (
              <DeliveryRow key={delivery.id} userId={userId} webhookId={webhook.id} delivery={delivery} />
            ))}
          </ul>
          {deliveries.hasNextPage && (
            <Button
              type="button"
              variant="secondary"
              className="mt-3"
              isLoading={deliveries.isFetchingNextPage}
              onClick={() => void deliveries.fetchNextPage()}
            >
              {t('integrations.webhooks.more')}
            </Button>
          )}
        </>
      )}
    </Modal>
  );
}

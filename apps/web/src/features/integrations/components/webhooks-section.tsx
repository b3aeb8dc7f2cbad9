import { WEBHOOK_ENDPOINTS_MAX, type Webhook } from '@rally/shared';
import {
  MessageSquare,
  Pencil,
  Plus,
  Power,
  RefreshCw,
  Send,
  Trash2,
  Webhook as WebhookIcon,
} from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ActionsMenu } from '../../../components/ui/actions-menu';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { showToast } from '../../../lib/toast';
import { useDeleteWebhook, useRotateWebhookSecret, useTestWebhook, useUpdateWebhook } from '../api/webhooks';
import { OneTimeSecret } from './credential-parts';
import { DeliveryLog } from './webhook-delivery-log';
import { EndpointForm, type EndpointKind } from './webhook-endpoint-form';

type Confirming = { kind: 'delete' | 'rotate'; webhook: Webhook } | null;

/** An endpoint or channel: its address, events and state, with what an admin does with it. */
function EndpointRow({
  userId,
  kind,
  webhook,
  onEdit,
  onLog,
  onConfirm,
}: {
  userId: string;
  kind: EndpointKind;
  webhook: Webhook;
  onEdit: () => void;
  onLog: () => void;
  onConfirm: (kind: 'delete' | 'rotate') => void;
}) {
  const { t } = useTranslation();
  const update = useUpdateWebhook(userId);
  const test = useTestWebhook(userId);
  const state = webhook.enabled ? 'on' : webhook.disabled_reason === 'failing' ? 'failing' : 'off';
  return (
    <li className="space-y-2 py-4">
      <div className="flex items-start gap-3">
        <div className="min-w-0 flex-1">
          {kind === 'channel' && (
            <p className="text-sm font-semibold text-slate-900">
              {webhook.description || t(`integrations.channels.formats.${webhook.format}`)}
              {webhook.description && (
                <span className="font-normal text-slate-600">
                  {' · '}
                  {t(`integrations.channels.formats.${webhook.format}`)}
                </span>
              )}
            </p>
          )}
          <p className="font-mono text-sm break-all text-slate-900">{webhook.url}</p>
          {kind === 'webhook' && webhook.description && (
            <p className="text-sm text-slate-600">{webhook.description}</p>
          )}
        </div>
        <Badge tone={state === 'on' ? 'success' : state === 'failing' ? 'danger' : 'neutral'}>
          {t(`integrations.webhooks.state.${state}`)}
        </Badge>
        <ActionsMenu
          label={t('integrations.webhooks.menu', { url: webhook.url })}
          actions={[
            { label: t('integrations.webhooks.edit'), icon: Pencil, onSelect: onEdit },
            {
              label: webhook.enabled ? t('integrations.webhooks.turnOff') : t('integrations.webhooks.turnOn'),
              icon: Power,
              onSelect: () =>
                update.mutate(
                  { id: webhook.id, body: { enabled: !webhook.enabled } },
                  {
                    onSuccess: () =>
                      showToast(
                        webhook.enabled
                          ? t('integrations.webhooks.turnedOff')
                          : t('integrations.webhooks.turnedOn'),
                      ),
                    onError: (error) => showToast(error.message, { tone: 'error' }),
                  },
                ),
            },
            // A channel is posted unsigned (its address is the credential): no secret to rotate.
            ...(kind === 'webhook'
              ? [
                  {
                    label: t('integrations.webhooks.rotate'),
                    icon: RefreshCw,
                    onSelect: () => onConfirm('rotate'),
                  },
                ]
              : []),
            {
              label: t('integrations.webhooks.delete'),
              icon: Trash2,
              onSelect: () => onConfirm('delete'),
              isDanger: true,
            },
          ]}
        />
      </div>
      <ul className="flex flex-wrap gap-1.5" aria-label={t('integrations.webhooks.events')}>
        {webhook.event_types.map((type) => (
          <li key={type}>
            <Badge>{t(`integrations.webhooks.event.${type.replace('.', '_')}`)}</Badge>
          </li>
        ))}
      </ul>
      {state === 'failing' && (
        <p className="text-sm text-red-700">
          {t('integrations.webhooks.failingText', { count: webhook.failure_count })}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <Button type="button" size="sm" variant="secondary" onClick={onLog}>
          {t('integrations.webhooks.log')}
        </Button>
        <Button
          type="button"
          size="sm"
          variant="ghost"
          isLoading={test.isPending}
          disabled={!webhook.enabled}
          onClick={() =>
            test.mutate(webhook.id, {
              onSuccess: () => showToast(t('integrations.webhooks.testQueued')),
              onError: (error) => showToast(error.message, { tone: 'error' }),
            })
          }
        >
          <Send aria-hidden className="size-4" />
          {t('integrations.webhooks.test')}
        </Button>
      </div>
    </li>
  );
}

/**
 * Outgoing webhooks on the Integrations tab (issue 24): the client's own systems hear of events as signed POSTs
 * (Standard Webhooks). Each endpoint has its events, a secret shown once (rotatable), and a delivery log with Resend.
 * As `kind` channel, the same for channel notifications: Slack and Microsoft Teams channels posted a message per
 * event through their incoming-webhook URL.
 */
export function WebhooksSection({
  userId,
  kind,
  webhooks: all,
}: {
  userId: string;
  kind: EndpointKind;
  webhooks: Webhook[];
}) {
  const { t } = useTranslation();
  const isChannel = kind === 'channel';
  const webhooks = all.filter((webhook) => (webhook.format !== 'standard') === isChannel);
  const words = isChannel ? 'integrations.channels' : 'integrations.webhooks';
  const [editing, setEditing] = useState<Webhook | 'new' | null>(null);
  const [log, setLog] = useState<Webhook | null>(null);
  const [confirming, setConfirming] = useState<Confirming>(null);
  const [secret, setSecret] = useState<{ url: string; secret: string } | null>(null);
  const remove = useDeleteWebhook(userId);
  const rotate = useRotateWebhookSecret(userId);
  const confirmPending = remove.isPending || rotate.isPending;
  const confirmError = remove.error ?? rotate.error;

  const onConfirm = () => {
    if (!confirming) return;
    const { kind, webhook } = confirming;
    if (kind === 'delete')
      remove.mutate(webhook.id, {
        onSuccess: () => {
          showToast(t('integrations.webhooks.deleted'));
          setConfirming(null);
        },
      });
    else
      rotate.mutate(webhook.id, {
        onSuccess: (answer) => {
          setSecret({ url: answer.webhook.url, secret: answer.secret });
          setConfirming(null);
        },
      });
  };

  return (
    <Card id={isChannel ? 'channels' : 'webhooks'} className="scroll-mt-24 space-y-4 p-4 sm:p-6">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0 flex-1">
          <h3 className="flex items-center gap-2 text-base font-semibold text-slate-900">
            {isChannel ? (
              <MessageSquare aria-hidden className="size-5 text-slate-500" />
            ) : (
              <WebhookIcon aria-hidden className="size-5 text-slate-500" />
            )}
            {t(`${words}.title`)}
          </h3>
          <p className="mt-1 text-sm text-slate-600">{t(`${words}.description`)}</p>
        </div>
        <Button
          type="button"
          variant="secondary"
          disabled={webhooks.length >= WEBHOOK_ENDPOINTS_MAX}
          onClick={() => setEditing('new')}
        >
          <Plus aria-hidden className="size-4" />
          {t(`${words}.add`)}
        </Button>
      </div>

      {secret && (
        <OneTimeSecret
          title={t('integrations.webhooks.secretTitle', { url: secret.url })}
          text={t('integrations.webhooks.secretText')}
          secret={secret.secret}
          testId="webhook-secret"
          copyLabel={t('integrations.webhooks.secretLabel')}
          copyText={t('integrations.webhooks.copySecret')}
          onDone={() => setSecret(null)}
        />
      )}

      {webhooks.length === 0 ? (
        <p className="text-sm text-slate-600">{t(`${words}.none`)}</p>
      ) : (
        <ul className="divide-y divide-slate-200" aria-label={t(`${words}.list`)}>
          {webhooks.map((webhook) => (
            <EndpointRow
              key={webhook.id}
              userId={userId}
              kind={kind}
              webhook={webhook}
              onEdit={() => setEditing(webhook)}
              onLog={() => setLog(webhook)}
              onConfirm={(kind) => setConfirming({ kind, webhook })}
            />
          ))}
        </ul>
      )}

      {editing && (
        <EndpointForm
          userId={userId}
          kind={kind}
          webhook={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onCreated={(url, value) =>
            isChannel ? showToast(t('integrations.channels.connected')) : setSecret({ url, secret: value })
          }
        />
      )}
      {log && <DeliveryLog userId={userId} webhook={log} onClose={() => setLog(null)} />}
      <ConfirmDialog
        isOpen={confirming !== null}
        title={
          confirming?.kind === 'rotate'
            ? t('integrations.webhooks.rotateTitle')
            : t('integrations.webhooks.deleteTitle')
        }
        description={
          confirming?.kind === 'rotate'
            ? t('integrations.webhooks.rotateText')
            : t('integrations.webhooks.deleteText', { url: confirming?.webhook.url ?? '' })
        }
        confirmLabel={
          confirming?.kind === 'rotate'
            ? t('integrations.webhooks.rotate')
            : t('integrations.webhooks.delete')
        }
        cancelLabel={t('integrations.sso.cancel')}
        tone={confirming?.kind === 'rotate' ? 'primary' : 'danger'}
        isPending={confirmPending}
        error={confirmError?.message}
        onClose={() => {
          setConfirming(null);
          remove.reset();
          rotate.reset();
        }}
        onConfirm={onConfirm}
      />
    </Card>
  );
}

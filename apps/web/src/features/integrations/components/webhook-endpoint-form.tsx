import {
  CHANNEL_EVENT_TYPES,
  CHANNEL_FORMATS,
  type ChannelFormat,
  WEBHOOK_EVENT_TYPES,
  type Webhook,
  type WebhookEventType,
} from '@rally/shared';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { Modal } from '../../../components/ui/modal';
import { RadioCards } from '../../../components/ui/radio-cards';
import { showToast } from '../../../lib/toast';
import { useCreateWebhook, useUpdateWebhook } from '../api/webhooks';

/** What a form is for: an endpoint of the client's systems, or a Slack or Teams channel. */
export type EndpointKind = 'webhook' | 'channel';

/**
 * The form of a new endpoint or channel, or of changes to one: its address, a note (a channel's name) and the
 * events it receives. A channel's address is a credential, never shown again: left empty, it stays.
 */
export function EndpointForm({
  userId,
  kind,
  webhook,
  onClose,
  onCreated,
}: {
  userId: string;
  kind: EndpointKind;
  webhook: Webhook | null;
  onClose: () => void;
  onCreated: (url: string, secret: string) => void;
}) {
  const { t } = useTranslation();
  const formId = useId();
  const isChannel = kind === 'channel';
  const eventTypes: readonly WebhookEventType[] = isChannel ? CHANNEL_EVENT_TYPES : WEBHOOK_EVENT_TYPES;
  const [format, setFormat] = useState<ChannelFormat>(webhook?.format === 'slack' ? 'slack' : 'teams');
  const [url, setUrl] = useState(isChannel ? '' : (webhook?.url ?? ''));
  const [description, setDescription] = useState(webhook?.description ?? '');
  const [events, setEvents] = useState<WebhookEventType[]>(webhook?.event_types ?? [...eventTypes]);
  const create = useCreateWebhook(userId);
  const update = useUpdateWebhook(userId);
  const pending = create.isPending || update.isPending;
  const error = create.error ?? update.error;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const event_types = eventTypes.filter((type) => events.includes(type));
    if (webhook) {
      // A channel's address left empty stays as connected.
      const address = isChannel && url.trim() === '' ? {} : { url };
      update.mutate(
        { id: webhook.id, body: { ...address, description, event_types } },
        {
          onSuccess: () => {
            showToast(t('integrations.webhooks.saved'));
            onClose();
          },
        },
      );
    } else {
      create.mutate(
        { url, description, event_types, format: isChannel ? format : 'standard' },
        {
          onSuccess: (answer) => {
            onCreated(answer.webhook.url, answer.secret);
            onClose();
          },
        },
      );
    }
  };

  return (
    <Modal
      isOpen
      onClose={onClose}
      closeLabel={t('integrations.sso.cancel')}
      title={
        isChannel
          ? webhook
            ? t('integrations.channels.editTitle')
            : t('integrations.channels.addTitle')
          : webhook
            ? t('integrations.webhooks.editTitle')
            : t('integrations.webhooks.addTitle')
      }
      description={isChannel ? t('integrations.channels.formHint') : t('integrations.webhooks.formHint')}
      footer={
        <div className="flex justify-end gap-3">
          <Button type="button" variant="secondary" onClick={onClose}>
            {t('integrations.sso.cancel')}
          </Button>
          <Button type="submit" form={formId} isLoading={pending}>
            {webhook
              ? t('integrations.webhooks.save')
              : isChannel
                ? t('integrations.channels.add')
                : t('integrations.webhooks.add')}
          </Button>
        </div>
      }
    >
      <form id={formId} onSubmit={onSubmit} noValidate className="space-y-5">
        {isChannel && !webhook && (
          <RadioCards<ChannelFormat>
            label={t('integrations.channels.format')}
            value={format}
            onChange={setFormat}
            options={CHANNEL_FORMATS.map((value) => ({
              value,
              label: (
                <span>
                  <span className="block font-medium">{t(`integrations.channels.formats.${value}`)}</span>
                  <span className="block text-sm text-slate-600">
                    {t(`integrations.channels.formats.${value}Hint`)}
                  </span>
                </span>
              ),
            }))}
          />
        )}
        <Field
          label={isChannel ? t('integrations.channels.url') : t('integrations.webhooks.url')}
          hint={
            isChannel
              ? webhook
                ? t('integrations.channels.urlKept', { url: webhook.url })
                : t('integrations.channels.urlHint')
              : t('integrations.webhooks.urlHint')
          }
        >
          {(control) => (
            <Input
              {...control}
              type="url"
              inputMode="url"
              placeholder="https://"
              value={url}
              onChange={(e) => setUrl(e.target.value)}
            />
          )}
        </Field>
        <Field
          label={isChannel ? t('integrations.channels.name') : t('integrations.webhooks.descriptionField')}
        >
          {(control) => (
            <Input
              {...control}
              value={description}
              maxLength={200}
              onChange={(e) => setDescription(e.target.value)}
            />
          )}
        </Field>
        <fieldset className="space-y-2">
          <legend className="text-sm font-semibold text-slate-900">
            {t('integrations.webhooks.events')}
          </legend>
          {eventTypes.map((type) => (
            <label key={type} className="flex items-start gap-3 text-sm">
              <input
                type="checkbox"
                className="mt-0.5 size-5 shrink-0 rounded border-slate-300 accent-brand-text"
                checked={events.includes(type)}
                onChange={(e) =>
                  setEvents((list) => (e.target.checked ? [...list, type] : list.filter((x) => x !== type)))
                }
              />
              <span>
                <span className="block font-medium text-slate-900">
                  {t(`integrations.webhooks.event.${type.replace('.', '_')}`)}
                </span>
                <span className="block font-mono text-xs text-slate-500">{type}</span>
              </span>
            </label>
          ))}
        </fieldset>
        {error && <Alert tone="error">{error.message}</Alert>}
      </form>
    </Modal>
  );
}

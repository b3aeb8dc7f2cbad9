import { WEBHOOK_EVENT_TYPES, type Webhook, type WebhookEventType } from '@rally/shared';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { Modal } from '../../../components/ui/modal';
import { showToast } from '../../../lib/toast';
import { useCreateWebhook, useUpdateWebhook } from '../api/webhooks';

/** The form of a new endpoint or of changes to one: its address, a note and the events it receives. */
export function EndpointForm({
  userId,
  webhook,
  onClose,
  onCreated,
}: {
  userId: string;
  webhook: Webhook | null;
  onClose: () => void;
  onCreated: (url: string, secret: string) => void;
}) {
  const { t } = useTranslation();
  const formId = useId();
  const [url, setUrl] = useState(webhook?.url ?? '');
  const [description, setDescription] = useState(webhook?.description ?? '');
  const [events, setEvents] = useState<WebhookEventType[]>(webhook?.event_types ?? [...WEBHOOK_EVENT_TYPES]);
  const create = useCreateWebhook(userId);
  const update = useUpdateWebhook(userId);
  const pending = create.isPending || update.isPending;
  const error = create.error ?? update.error;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const event_types = WEBHOOK_EVENT_TYPES.filter((type) => events.includes(type));
    if (webhook) {
      update.mutate(
        { id: webhook.id, body: { url, description, event_types } },
        {
          onSuccess: () => {
            showToast(t('integrations.webhooks.saved'));
            onClose();
          },
        },
      );
    } else {
      create.mutate(
        { url, description, event_types },
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
      title={webhook ? t('integrations.webhooks.editTitle') : t('integrations.webhooks.addTitle')}
      description={t('integrations.webhooks.formHint')}
      footer={
        <div className="flex justify-end gap-3">
          <Button type="button" variant="secondary" onClick={onClose}>
            {t('integrations.sso.cancel')}
          </Button>
          <Button type="submit" form={formId} isLoading={pending}>
            {webhook ? t('integrations.webhooks.save') : t('integrations.webhooks.add')}
          </Button>
        </div>
      }
    >
      <form id={formId} onSubmit={onSubmit} noValidate className="space-y-5">
        <Field label={t('integrations.webhooks.url')} hint={t('integrations.webhooks.urlHint')}>
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
        <Field label={t('integrations.webhooks.descriptionField')}>
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
          {WEBHOOK_EVENT_TYPES.map((type) => (
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

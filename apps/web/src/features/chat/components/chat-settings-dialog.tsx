import { CHAT_DM_POLICIES, type ChatDmPolicy } from '@rally/shared';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { RadioCards } from '../../../components/ui/radio-cards';
import { Spinner } from '../../../components/ui/spinner';
import { showToast } from '../../../lib/toast';
import { useChatSettings, useUpdateChatSettings } from '../api/inbox';

/** ADMIN: who members may start a direct message or group with (anyone, teammates, only the brand team). */
export function ChatSettingsDialog({ userId, onClose }: { userId: string; onClose: () => void }) {
  const { t } = useTranslation();
  const settings = useChatSettings(userId, true);
  const update = useUpdateChatSettings(userId);
  return (
    <Modal
      isOpen
      onClose={onClose}
      title={t('chat.settings.title')}
      description={t('chat.settings.description')}
      closeLabel={t('chat.settings.close')}
      size="sm"
      footer={
        <Button variant="secondary" onClick={onClose}>
          {t('chat.settings.close')}
        </Button>
      }
    >
      {settings.isPending ? (
        <Spinner label={t('chat.settings.loading')} />
      ) : settings.isError ? (
        <Alert tone="error">{settings.error.message}</Alert>
      ) : (
        <div className="space-y-3">
          <RadioCards<ChatDmPolicy>
            label={t('chat.settings.dmPolicy')}
            value={(update.isPending && update.variables?.dm_policy) || settings.data.settings.dm_policy}
            disabled={update.isPending}
            onChange={(dm_policy) =>
              update.mutate(
                { dm_policy },
                { onSuccess: () => showToast(t('chat.settings.saved'), { tone: 'success' }) },
              )
            }
            options={CHAT_DM_POLICIES.map((policy) => ({
              value: policy,
              label: (
                <span className="block">
                  <span className="block font-semibold">{t(`chat.settings.policy.${policy}.label`)}</span>
                  <span className="block text-xs font-normal text-slate-600">
                    {t(`chat.settings.policy.${policy}.text`)}
                  </span>
                </span>
              ),
            }))}
          />
          {update.isError && <Alert tone="error">{update.error.message}</Alert>}
        </div>
      )}
    </Modal>
  );
}

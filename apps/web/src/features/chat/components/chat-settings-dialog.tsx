import { CHAT_DM_POLICIES, type ChatDmPolicy } from '@rally/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { RadioCards } from '../../../components/ui/radio-cards';
import { SegmentedControl } from '../../../components/ui/segmented-control';
import { Spinner } from '../../../components/ui/spinner';
import { showToast } from '../../../lib/toast';
import { useChatSettings, useUpdateChatSettings } from '../api/inbox';
import { CannedRepliesEditor } from './canned-replies-editor';

type Tab = 'messaging' | 'canned';

/**
 * ADMIN: who members may start a direct message or group with (anyone, teammates, only the brand team), and the
 * brand team's canned replies.
 */
export function ChatSettingsDialog({ userId, onClose }: { userId: string; onClose: () => void }) {
  const { t } = useTranslation();
  const [tab, setTab] = useState<Tab>('messaging');
  return (
    <Modal
      isOpen
      onClose={onClose}
      title={t('chat.settings.title')}
      description={tab === 'messaging' ? t('chat.settings.description') : t('chat.cannedEditor.description')}
      closeLabel={t('chat.settings.close')}
      size="md"
      footer={
        <Button variant="secondary" onClick={onClose}>
          {t('chat.settings.close')}
        </Button>
      }
    >
      <div className="space-y-4">
        <SegmentedControl<Tab>
          label={t('chat.settings.tabs')}
          value={tab}
          onChange={setTab}
          options={[
            { value: 'messaging', label: t('chat.settings.tab.messaging') },
            { value: 'canned', label: t('chat.settings.tab.canned') },
          ]}
        />
        {tab === 'messaging' ? <DmPolicyForm userId={userId} /> : <CannedRepliesEditor userId={userId} />}
      </div>
    </Modal>
  );
}

function DmPolicyForm({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const settings = useChatSettings(userId, true);
  const update = useUpdateChatSettings(userId);
  return (
    <>
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
    </>
  );
}

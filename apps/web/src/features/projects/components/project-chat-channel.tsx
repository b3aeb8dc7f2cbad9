import { MessagesSquare } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Skeleton } from '../../../components/ui/skeleton';
import { getFeatureIds, useClient } from '../../../lib/client';
import { showToast } from '../../../lib/toast';
import { useProjectChatChannel, useSetProjectChatChannel } from '../api/project-chat-channel';

/**
 * ADMIN, feature chat: the project's chat channel for its joined members, on or off (off keeps it readable and closes
 * it for writing; asked first).
 */
export function ProjectChatChannel({ userId, projectId }: { userId: string; projectId: string }) {
  const { t } = useTranslation();
  const client = useClient();
  const hasChat = getFeatureIds(client).includes('chat');
  const channel = useProjectChatChannel(userId, projectId, hasChat);
  const set = useSetProjectChatChannel(userId, projectId);
  const [isConfirming, setIsConfirming] = useState(false);
  const labelId = useId();
  const hintId = useId();
  if (!hasChat) return null;
  const isOn = channel.data?.channel.enabled ?? false;
  const change = (next: boolean) =>
    set.mutate(next, {
      onSuccess: () => {
        setIsConfirming(false);
        showToast(next ? t('chat.projectChannel.turnedOn') : t('chat.projectChannel.turnedOff'), {
          tone: 'success',
        });
      },
      onError: (error) => {
        setIsConfirming(false);
        showToast(error.message, { tone: 'error', duration: 'long' });
      },
    });
  return (
    <section className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
      <div className="flex items-start gap-3">
        <MessagesSquare aria-hidden className="mt-0.5 size-5 shrink-0 text-brand-text" />
        <div className="min-w-0 flex-1">
          <h2 id={labelId} className="font-semibold text-slate-900">
            {t('chat.projectChannel.title')}
          </h2>
          <p id={hintId} className="text-sm text-slate-600">
            {isOn ? t('chat.projectChannel.onText') : t('chat.projectChannel.offText')}
          </p>
        </div>
        {channel.isPending ? (
          <Skeleton className="h-7 w-12 rounded-full" />
        ) : (
          <button
            type="button"
            role="switch"
            aria-checked={isOn}
            aria-labelledby={labelId}
            aria-describedby={hintId}
            disabled={set.isPending || channel.isError}
            onClick={() => (isOn ? setIsConfirming(true) : change(true))}
            className={`relative inline-flex h-7 w-12 shrink-0 items-center rounded-full transition focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-text disabled:opacity-60 ${isOn ? 'bg-brand' : 'bg-slate-300'}`}
          >
            <span
              aria-hidden
              className={`inline-block size-5 rounded-full bg-white shadow transition ${isOn ? 'translate-x-6' : 'translate-x-1'}`}
            />
          </button>
        )}
      </div>
      {channel.isError && (
        <Alert tone="error" className="mt-3">
          {channel.error.message}
        </Alert>
      )}
      <ConfirmDialog
        isOpen={isConfirming}
        title={t('chat.projectChannel.offTitle')}
        description={t('chat.projectChannel.offConfirmText')}
        confirmLabel={t('chat.projectChannel.turnOff')}
        cancelLabel={t('chat.actions.cancel')}
        tone="danger"
        isPending={set.isPending}
        onClose={() => setIsConfirming(false)}
        onConfirm={() => change(false)}
      />
    </section>
  );
}

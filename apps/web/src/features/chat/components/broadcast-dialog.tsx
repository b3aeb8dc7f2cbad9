import {
  CHAT_BROADCAST_AUDIENCES,
  CHAT_MESSAGE_MAX_LENGTH,
  type ChatBroadcast,
  type ChatBroadcastAudience,
} from '@rally/shared';
import type { TFunction } from 'i18next';
import { Megaphone } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { Field } from '../../../components/ui/field';
import { Textarea } from '../../../components/ui/input';
import { Modal } from '../../../components/ui/modal';
import { RadioCards } from '../../../components/ui/radio-cards';
import { SelectListbox } from '../../../components/ui/select-listbox';
import { Spinner } from '../../../components/ui/spinner';
import { showToast } from '../../../lib/toast';
import { formatDateTime } from '../../../utils/format-date';
import { useBroadcasts, useBroadcastTargets, useSendBroadcast } from '../api/broadcasts';

type Target = { id: string; name: string };

/**
 * ADMIN: send a message to every member, a team or a project's members (each gets it in their line to the brand team),
 * after a confirmation step; below, past broadcasts with how many got and read them.
 */
export function BroadcastDialog({ userId, onClose }: { userId: string; onClose: () => void }) {
  const { t } = useTranslation();
  const targets = useBroadcastTargets(userId);
  const send = useSendBroadcast(userId);
  const [audience, setAudience] = useState<ChatBroadcastAudience>('all');
  const [targetId, setTargetId] = useState('');
  const [body, setBody] = useState('');
  const [isConfirming, setIsConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const options: Target[] =
    audience === 'team'
      ? (targets.data?.teams ?? [])
      : audience === 'project'
        ? (targets.data?.projects ?? [])
        : [];
  const target = audience === 'all' ? null : (options.find((o) => o.id === targetId) ?? options[0] ?? null);
  const audienceName =
    audience === 'all' ? t('chat.broadcast.everyone') : target ? target.name : t('chat.broadcast.noTarget');
  const text = body.trim();
  const canReview = text.length > 0 && (audience === 'all' || target !== null);

  const submit = () => {
    setError(null);
    send.mutate(
      {
        audience,
        body: text,
        ...(audience === 'team' && target ? { team_id: target.id } : {}),
        ...(audience === 'project' && target ? { project_id: target.id } : {}),
      },
      {
        onSuccess: () => {
          showToast(t('chat.broadcast.sent'), { tone: 'success' });
          setBody('');
          setIsConfirming(false);
        },
        onError: (e) => {
          setError(e.message);
          setIsConfirming(false);
        },
      },
    );
  };

  return (
    <Modal
      isOpen
      onClose={onClose}
      title={t('chat.broadcast.title')}
      description={t('chat.broadcast.description')}
      closeLabel={t('chat.broadcast.close')}
      size="md"
      footer={
        <Button variant="secondary" onClick={onClose}>
          {t('chat.broadcast.close')}
        </Button>
      }
    >
      <div className="space-y-6">
        {isConfirming ? (
          <section aria-labelledby="broadcast-confirm" className="space-y-3 rounded-xl bg-slate-50 p-4">
            <h3 id="broadcast-confirm" className="font-semibold text-slate-900">
              {t('chat.broadcast.confirmTitle', { audience: audienceName })}
            </h3>
            <p className="whitespace-pre-wrap break-words text-sm text-slate-800">{text}</p>
            <p className="text-sm text-slate-600">{t('chat.broadcast.confirmText')}</p>
            <div className="flex flex-wrap gap-2">
              <Button onClick={submit} isLoading={send.isPending}>
                {t('chat.broadcast.send')}
              </Button>
              <Button variant="secondary" onClick={() => setIsConfirming(false)} disabled={send.isPending}>
                {t('chat.broadcast.back')}
              </Button>
            </div>
          </section>
        ) : (
          <form
            className="space-y-4"
            onSubmit={(event) => {
              event.preventDefault();
              if (canReview) setIsConfirming(true);
            }}
          >
            <RadioCards<ChatBroadcastAudience>
              label={t('chat.broadcast.audience')}
              value={audience}
              layout="row"
              onChange={(next) => {
                setAudience(next);
                setTargetId('');
              }}
              options={CHAT_BROADCAST_AUDIENCES.map((value) => ({
                value,
                label: t(`chat.broadcast.audiences.${value}`),
              }))}
            />
            {audience !== 'all' &&
              (targets.isPending ? (
                <Spinner label={t('chat.broadcast.loadingTargets')} />
              ) : targets.isError ? (
                <Alert tone="error">{targets.error.message}</Alert>
              ) : options.length === 0 ? (
                <p className="text-sm text-slate-600">{t(`chat.broadcast.none.${audience}`)}</p>
              ) : (
                <SelectListbox
                  label={t(`chat.broadcast.pick.${audience}`)}
                  value={target?.id ?? ''}
                  onChange={setTargetId}
                  options={options.map((o) => ({ value: o.id, label: o.name }))}
                />
              ))}
            <Field label={t('chat.broadcast.message')} hint={t('chat.broadcast.hint')}>
              {(control) => (
                <Textarea
                  {...control}
                  rows={4}
                  value={body}
                  maxLength={CHAT_MESSAGE_MAX_LENGTH}
                  onChange={(event) => setBody(event.target.value)}
                />
              )}
            </Field>
            {error && <Alert tone="error">{error}</Alert>}
            <Button type="submit" disabled={!canReview}>
              <Megaphone aria-hidden className="size-4" />
              {t('chat.broadcast.review')}
            </Button>
          </form>
        )}
        <PastBroadcasts userId={userId} />
      </div>
    </Modal>
  );
}

/** Past broadcasts, newest first, with delivered and read counts (refreshing while one is on its way). */
function PastBroadcasts({ userId }: { userId: string }) {
  const { t, i18n } = useTranslation();
  const list = useBroadcasts(userId);
  const items = list.data?.pages.flatMap((page) => page.broadcasts) ?? [];
  return (
    <section aria-labelledby="broadcasts-past" className="space-y-3 border-t border-slate-200 pt-4">
      <h3 id="broadcasts-past" className="font-semibold text-slate-900">
        {t('chat.broadcast.past')}
      </h3>
      {list.isPending ? (
        <Spinner label={t('chat.broadcast.loading')} />
      ) : list.isError ? (
        <Alert tone="error">{list.error.message}</Alert>
      ) : items.length === 0 ? (
        <EmptyState
          icon={Megaphone}
          title={t('chat.broadcast.emptyTitle')}
          description={t('chat.broadcast.emptyText')}
          headingLevel="h3"
        />
      ) : (
        <ul className="space-y-2">
          {items.map((b) => (
            <li key={b.id} className="rounded-xl border border-slate-200 p-3" data-testid="broadcast-row">
              <p className="line-clamp-3 whitespace-pre-wrap break-words text-sm text-slate-900">{b.body}</p>
              <p className="mt-1 text-xs text-slate-600">
                {audienceLabel(t, b)} · {formatDateTime(b.created_at, i18n.language)}
              </p>
              <p className="mt-1 text-sm font-medium text-slate-800">
                {b.listing ? t('chat.broadcast.listing') : null}
                {t('chat.broadcast.counts', {
                  delivered: b.delivered,
                  recipients: b.recipients,
                  read: b.read,
                })}
              </p>
            </li>
          ))}
        </ul>
      )}
      {list.hasNextPage && (
        <Button
          variant="secondary"
          size="sm"
          onClick={() => list.fetchNextPage()}
          isLoading={list.isFetchingNextPage}
        >
          {t('chat.broadcast.more')}
        </Button>
      )}
    </section>
  );
}

function audienceLabel(t: TFunction, b: ChatBroadcast) {
  if (b.audience === 'all') return t('chat.broadcast.everyone');
  return b.target ? b.target.name : t(`chat.broadcast.gone.${b.audience}`);
}

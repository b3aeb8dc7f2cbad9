import { CHAT_GROUP_MAX_MEMBERS, type ChatConversation, type ChatPerson } from '@rally/shared';
import { UserMinus, UserPlus } from 'lucide-react';
import { useDeferredValue, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { Avatar } from '../../../components/ui/avatar';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Input } from '../../../components/ui/input';
import { Modal } from '../../../components/ui/modal';
import { ShowMore } from '../../../components/ui/show-more';
import { Spinner } from '../../../components/ui/spinner';
import { showToast } from '../../../lib/toast';
import { contactsOf, useContacts } from '../api/conversations';
import { useGroupMembers } from '../api/group-members';

type Pending = { kind: 'remove'; person: ChatPerson } | { kind: 'leave' };

/**
 * A group's people: everyone in it adds people (whom the client's setting lets them message), the member who started
 * it removes others, and each member may leave (both after a confirmation).
 */
export function GroupMembersDialog({
  conversation,
  userId,
  onClose,
  onLeft,
}: {
  conversation: ChatConversation;
  userId: string;
  onClose: () => void;
  onLeft: () => void;
}) {
  const { t } = useTranslation();
  const { add, remove } = useGroupMembers(userId, conversation.id);
  const [pending, setPending] = useState<Pending | null>(null);
  const [q, setQ] = useState('');
  const query = useDeferredValue(q.trim());
  const searchId = useId();
  const canAdd = conversation.abilities.can_add_members && conversation.member_count < CHAT_GROUP_MAX_MEMBERS;
  const contacts = useContacts(userId, query, canAdd && query.length > 0);
  const inGroup = new Set(conversation.members.map((m) => m.id));
  const candidates = contactsOf(contacts.data).filter((p) => !inGroup.has(p.id));

  const confirm = () => {
    if (!pending) return;
    const memberId = pending.kind === 'leave' ? userId : pending.person.id;
    remove.mutate(memberId, {
      onSuccess: () => {
        setPending(null);
        if (pending.kind === 'leave') {
          showToast(t('chat.members.left'));
          onLeft();
        } else {
          showToast(t('chat.members.removed', { name: pending.person.display_name }));
        }
      },
    });
  };

  return (
    <Modal
      isOpen
      onClose={onClose}
      title={t('chat.members.title')}
      description={t('chat.members.description', { count: conversation.member_count })}
      closeLabel={t('chat.members.close')}
      size="sm"
      footer={
        <>
          {conversation.abilities.can_leave && (
            <Button variant="danger" onClick={() => setPending({ kind: 'leave' })}>
              {t('chat.members.leave')}
            </Button>
          )}
          <Button variant="secondary" onClick={onClose}>
            {t('chat.members.close')}
          </Button>
        </>
      }
    >
      <div className="space-y-4">
        <ul aria-label={t('chat.members.listLabel')} className="space-y-1">
          {conversation.members.map((person) => (
            <li key={person.id} className="flex items-center gap-2 rounded-lg px-1 py-1.5">
              <Avatar imageUrl={person.image_url} name={person.display_name} size="sm" />
              <span className="min-w-0 flex-1 truncate text-sm text-slate-900">
                {person.id === userId
                  ? t('chat.members.you', { name: person.display_name })
                  : person.display_name}
              </span>
              {conversation.abilities.can_remove_members && person.id !== userId && (
                <Button
                  variant="ghost"
                  size="sm"
                  aria-label={t('chat.members.remove', { name: person.display_name })}
                  onClick={() => setPending({ kind: 'remove', person })}
                >
                  <UserMinus aria-hidden className="size-4" />
                </Button>
              )}
            </li>
          ))}
        </ul>
        {conversation.abilities.can_add_members && (
          <section className="space-y-2 border-t border-slate-200 pt-3">
            <label htmlFor={searchId} className="block text-sm font-medium text-slate-800">
              {t('chat.members.add')}
            </label>
            {canAdd ? (
              <>
                <Input
                  id={searchId}
                  type="search"
                  value={q}
                  placeholder={t('chat.members.searchPlaceholder')}
                  onChange={(event) => setQ(event.target.value)}
                />
                {query.length > 0 &&
                  (contacts.isPending ? (
                    <Spinner label={t('chat.members.searching')} />
                  ) : contacts.isError ? (
                    <Alert tone="error">{contacts.error.message}</Alert>
                  ) : candidates.length === 0 ? (
                    <p className="text-sm text-slate-600">{t('chat.members.noMatch')}</p>
                  ) : (
                    <ul aria-label={t('chat.members.resultsLabel')} className="space-y-1">
                      {candidates.map((person) => (
                        <li key={person.id} className="flex items-center gap-2 px-1 py-1">
                          <Avatar imageUrl={person.image_url} name={person.display_name} size="sm" />
                          <span className="min-w-0 flex-1 truncate text-sm">{person.display_name}</span>
                          <Button
                            variant="secondary"
                            size="sm"
                            aria-label={t('chat.members.addPerson', { name: person.display_name })}
                            isLoading={add.isPending && add.variables?.[0] === person.id}
                            onClick={() =>
                              add.mutate([person.id], {
                                onSuccess: () => {
                                  setQ('');
                                  showToast(t('chat.members.added', { name: person.display_name }));
                                },
                              })
                            }
                          >
                            <UserPlus aria-hidden className="size-4" />
                          </Button>
                        </li>
                      ))}
                    </ul>
                  ))}
                {query.length > 0 && !contacts.isPending && !contacts.isError && (
                  <ShowMore query={contacts} label={t('chat.new.more')} />
                )}
                {add.isError && <Alert tone="error">{add.error.message}</Alert>}
              </>
            ) : (
              <p className="text-sm text-slate-600">
                {t('chat.members.full', { max: CHAT_GROUP_MAX_MEMBERS })}
              </p>
            )}
          </section>
        )}
      </div>
      <ConfirmDialog
        isOpen={pending !== null}
        title={pending?.kind === 'leave' ? t('chat.members.leaveTitle') : t('chat.members.removeTitle')}
        description={
          pending?.kind === 'remove'
            ? t('chat.members.removeText', { name: pending.person.display_name })
            : t('chat.members.leaveText')
        }
        confirmLabel={pending?.kind === 'leave' ? t('chat.members.leave') : t('chat.members.removeConfirm')}
        cancelLabel={t('chat.actions.cancel')}
        tone="danger"
        isPending={remove.isPending}
        error={remove.error?.message}
        onClose={() => setPending(null)}
        onConfirm={confirm}
      />
    </Modal>
  );
}

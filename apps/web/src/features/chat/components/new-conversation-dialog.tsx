import { CHAT_GROUP_MAX_MEMBERS, CHAT_TITLE_MAX_LENGTH, type ChatPerson } from '@rally/shared';
import { Check, Megaphone } from 'lucide-react';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { Avatar } from '../../../components/ui/avatar';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { Modal } from '../../../components/ui/modal';
import { ShowMore } from '../../../components/ui/show-more';
import { Spinner } from '../../../components/ui/spinner';
import { useClient } from '../../../lib/client';
import { contactsOf, useContacts, useStartConversation } from '../api/conversations';

interface NewConversationDialogProps {
  userId: string;
  onClose: () => void;
  onStarted: (conversationId: string) => void;
}

function useDebounced(value: string, ms = 250) {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

/**
 * "New message": pick one person for a direct message (the existing conversation when there is one), several for a
 * group (title optional), or write to the brand team. Who can be picked follows the client's setting.
 */
export function NewConversationDialog({ userId, onClose, onStarted }: NewConversationDialogProps) {
  const { t } = useTranslation();
  const client = useClient();
  const [q, setQ] = useState('');
  const [chosen, setChosen] = useState<ChatPerson[]>([]);
  const [title, setTitle] = useState('');
  const contacts = useContacts(userId, useDebounced(q.trim()), true);
  const start = useStartConversation(userId);
  const isGroup = chosen.length > 1;
  const isFull = chosen.length >= CHAT_GROUP_MAX_MEMBERS - 1;

  const toggle = (person: ChatPerson) =>
    setChosen((list) =>
      list.some((p) => p.id === person.id) ? list.filter((p) => p.id !== person.id) : [...list, person],
    );
  const finish = ({ conversation }: { conversation: { id: string } }) => onStarted(conversation.id);
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const [only] = chosen;
    if (!only) return;
    start.mutate(
      isGroup
        ? { kind: 'group', user_ids: chosen.map((p) => p.id), title: title.trim() || undefined }
        : { kind: 'direct', user_id: only.id },
      { onSuccess: finish },
    );
  };
  const people = contactsOf(contacts.data);

  return (
    <Modal
      isOpen
      onClose={() => !start.isPending && onClose()}
      title={t('chat.new.title')}
      closeLabel={t('chat.actions.cancel')}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={start.isPending}>
            {t('chat.actions.cancel')}
          </Button>
          <Button
            type="submit"
            form="chat-new-form"
            disabled={chosen.length === 0}
            isLoading={start.isPending}
          >
            {isGroup ? t('chat.new.startGroup') : t('chat.new.start')}
          </Button>
        </>
      }
    >
      <form id="chat-new-form" onSubmit={handleSubmit} className="space-y-4">
        <button
          type="button"
          onClick={() => start.mutate({ kind: 'brand' }, { onSuccess: finish })}
          disabled={start.isPending}
          className="flex w-full items-center gap-3 rounded-xl border border-slate-200 p-3 text-left hover:bg-slate-50"
        >
          <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-brand/10 text-brand-text">
            <Megaphone aria-hidden className="size-5" />
          </span>
          <span className="min-w-0">
            <span className="block font-semibold text-slate-900">{t('chat.new.brand')}</span>
            <span className="block text-sm text-slate-600">
              {t('chat.new.brandText', { client: client.name })}
            </span>
          </span>
        </button>
        {start.isError && <Alert tone="error">{start.error.message}</Alert>}
        <Field
          label={t('chat.new.people')}
          hint={t('chat.new.peopleHint', { max: CHAT_GROUP_MAX_MEMBERS - 1 })}
        >
          {(control) => (
            <Input {...control} type="search" value={q} onChange={(event) => setQ(event.target.value)} />
          )}
        </Field>
        {chosen.length > 0 && (
          <p className="text-sm text-slate-700">
            {t('chat.new.chosen', { names: chosen.map((p) => p.display_name).join(', ') })}
          </p>
        )}
        {contacts.isPending ? (
          <Spinner label={t('chat.new.searching')} />
        ) : contacts.isError ? (
          <Alert tone="error">{contacts.error.message}</Alert>
        ) : people.length === 0 ? (
          <p className="text-sm text-slate-600">{t('chat.new.nobody')}</p>
        ) : (
          <ul className="max-h-72 space-y-1 overflow-y-auto" aria-label={t('chat.new.results')}>
            {people.map((person) => {
              const isChosen = chosen.some((p) => p.id === person.id);
              return (
                <li key={person.id}>
                  <button
                    type="button"
                    aria-pressed={isChosen}
                    disabled={!isChosen && isFull}
                    onClick={() => toggle(person)}
                    className="flex w-full items-center gap-3 rounded-lg px-2 py-2 text-left hover:bg-slate-50 disabled:opacity-60 aria-pressed:bg-brand/10"
                  >
                    <span aria-hidden>
                      <Avatar imageUrl={person.image_url} name={person.display_name} size="sm" />
                    </span>
                    <span className="min-w-0 flex-1 truncate font-medium text-slate-900">
                      {person.display_name}
                    </span>
                    {isChosen && <Check aria-hidden className="size-4 text-brand-text" />}
                  </button>
                </li>
              );
            })}
          </ul>
        )}
        {!contacts.isPending && !contacts.isError && <ShowMore query={contacts} label={t('chat.new.more')} />}
        {isGroup && (
          <Field label={t('chat.new.groupTitle')} hint={t('chat.new.groupTitleHint')}>
            {(control) => (
              <Input
                {...control}
                value={title}
                maxLength={CHAT_TITLE_MAX_LENGTH}
                onChange={(event) => setTitle(event.target.value)}
              />
            )}
          </Field>
        )}
      </form>
    </Modal>
  );
}

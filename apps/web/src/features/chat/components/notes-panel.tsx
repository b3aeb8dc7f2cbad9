import { CHAT_NOTE_MAX_LENGTH } from '@rally/shared';
import { Lock, X } from 'lucide-react';
import { type FormEvent, type Ref, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Textarea } from '../../../components/ui/input';
import { Spinner } from '../../../components/ui/spinner';
import { formatDateTime } from '../../../utils/format-date';
import { useAddNote, useNotes } from '../api/inbox';

/** The brand team's internal notes on a member's conversation: never shown to the member. */
export function NotesPanel({
  userId,
  conversationId,
  onClose,
  headingRef,
}: {
  userId: string;
  conversationId: string;
  onClose: () => void;
  headingRef: Ref<HTMLHeadingElement>;
}) {
  const { t, i18n } = useTranslation();
  const notes = useNotes(userId, conversationId);
  const add = useAddNote(userId, conversationId);
  const [body, setBody] = useState('');
  const list = notes.data?.pages.flatMap((page) => page.notes) ?? [];
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!body.trim()) return;
    add.mutate(body.trim(), { onSuccess: () => setBody('') });
  };
  return (
    <div className="flex min-h-0 flex-1 flex-col bg-amber-50/60">
      <div className="flex items-center gap-2 border-b border-amber-200 px-3 py-2">
        <Lock aria-hidden className="size-4 text-amber-800" />
        <div className="min-w-0 flex-1">
          <h2 ref={headingRef} tabIndex={-1} className="font-semibold text-slate-900 focus:outline-none">
            {t('chat.notes.title')}
          </h2>
          <p className="text-xs text-amber-900">{t('chat.notes.private')}</p>
        </div>
        <button
          type="button"
          onClick={onClose}
          aria-label={t('chat.notes.close')}
          className="flex size-10 items-center justify-center rounded-full text-slate-700 hover:bg-amber-100"
        >
          <X aria-hidden className="size-5" />
        </button>
      </div>
      <div className="min-h-0 flex-1 overflow-y-auto p-3">
        {notes.isPending ? (
          <Spinner label={t('chat.notes.loading')} />
        ) : notes.isError ? (
          <Alert tone="error">{notes.error.message}</Alert>
        ) : list.length === 0 ? (
          <p className="text-sm text-slate-700">{t('chat.notes.empty')}</p>
        ) : (
          <ul className="space-y-2" aria-label={t('chat.notes.title')}>
            {list.map((note) => (
              <li key={note.id} className="rounded-xl border border-amber-200 bg-white p-3 text-sm">
                <p className="flex flex-wrap items-baseline justify-between gap-2">
                  <span className="font-semibold text-slate-900">
                    {note.author?.display_name ?? t('chat.title.unknown')}
                  </span>
                  <time dateTime={note.created_at} className="text-xs text-slate-600">
                    {formatDateTime(note.created_at, i18n.language)}
                  </time>
                </p>
                <p className="mt-1 whitespace-pre-wrap break-words text-slate-800">{note.body}</p>
              </li>
            ))}
          </ul>
        )}
        {notes.hasNextPage && (
          <Button variant="ghost" size="sm" className="mt-2" onClick={() => void notes.fetchNextPage()}>
            {t('chat.loadMore')}
          </Button>
        )}
      </div>
      <form onSubmit={handleSubmit} className="space-y-2 border-t border-amber-200 p-3">
        <label className="block text-sm font-medium text-slate-800" htmlFor={`note-${conversationId}`}>
          {t('chat.notes.add')}
        </label>
        <Textarea
          id={`note-${conversationId}`}
          value={body}
          maxLength={CHAT_NOTE_MAX_LENGTH}
          onChange={(event) => setBody(event.target.value)}
          className="min-h-20"
        />
        {add.isError && <Alert tone="error">{add.error.message}</Alert>}
        <div className="flex justify-end">
          <Button type="submit" size="sm" isLoading={add.isPending} disabled={!body.trim()}>
            {t('chat.notes.save')}
          </Button>
        </div>
      </form>
    </div>
  );
}

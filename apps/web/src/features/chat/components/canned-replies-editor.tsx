import { CHAT_NOTE_MAX_LENGTH, CHAT_TITLE_MAX_LENGTH, type ChatCannedReply } from '@rally/shared';
import { MessageSquareText, Pencil, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { EmptyState } from '../../../components/ui/empty-state';
import { Field } from '../../../components/ui/field';
import { Input, Textarea } from '../../../components/ui/input';
import { Spinner } from '../../../components/ui/spinner';
import { showToast } from '../../../lib/toast';
import { useCannedReplyActions } from '../api/canned-replies';
import { useCannedReplies } from '../api/inbox';

/** ADMIN: the brand team's saved answers: add, edit and delete (after a confirmation). */
export function CannedRepliesEditor({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const replies = useCannedReplies(userId);
  const { remove } = useCannedReplyActions(userId);
  const [editing, setEditing] = useState<ChatCannedReply | 'new' | null>(null);
  const [deleting, setDeleting] = useState<ChatCannedReply | null>(null);
  const list = replies.data?.replies ?? [];

  if (editing) {
    return (
      <CannedReplyForm
        userId={userId}
        reply={editing === 'new' ? null : editing}
        onDone={() => setEditing(null)}
      />
    );
  }
  return (
    <div className="space-y-3">
      <Button size="sm" onClick={() => setEditing('new')}>
        {t('chat.cannedEditor.add')}
      </Button>
      {replies.isPending ? (
        <Spinner label={t('chat.canned.loading')} />
      ) : replies.isError ? (
        <Alert tone="error">{replies.error.message}</Alert>
      ) : list.length === 0 ? (
        <EmptyState
          icon={MessageSquareText}
          title={t('chat.canned.empty')}
          description={t('chat.cannedEditor.emptyText')}
          headingLevel="h3"
        />
      ) : (
        <ul className="space-y-2">
          {list.map((reply) => (
            <li key={reply.id} className="flex items-start gap-2 rounded-xl border border-slate-200 p-3">
              <div className="min-w-0 flex-1">
                <p className="font-semibold text-slate-900">{reply.title}</p>
                <p className="line-clamp-2 text-sm text-slate-600">{reply.body}</p>
              </div>
              <Button
                variant="ghost"
                size="sm"
                aria-label={t('chat.cannedEditor.edit', { title: reply.title })}
                onClick={() => setEditing(reply)}
              >
                <Pencil aria-hidden className="size-4" />
              </Button>
              <Button
                variant="ghost"
                size="sm"
                aria-label={t('chat.cannedEditor.delete', { title: reply.title })}
                onClick={() => setDeleting(reply)}
              >
                <Trash2 aria-hidden className="size-4" />
              </Button>
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        isOpen={deleting !== null}
        title={t('chat.cannedEditor.deleteTitle')}
        description={t('chat.cannedEditor.deleteText', { title: deleting?.title ?? '' })}
        confirmLabel={t('chat.cannedEditor.deleteConfirm')}
        cancelLabel={t('chat.cannedEditor.cancel')}
        tone="danger"
        isPending={remove.isPending}
        error={remove.error?.message}
        onClose={() => setDeleting(null)}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => {
              setDeleting(null);
              showToast(t('chat.cannedEditor.deleted'), { tone: 'success' });
            },
          })
        }
      />
    </div>
  );
}

function CannedReplyForm({
  userId,
  reply,
  onDone,
}: {
  userId: string;
  reply: ChatCannedReply | null;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const { create, update } = useCannedReplyActions(userId);
  const [title, setTitle] = useState(reply?.title ?? '');
  const [body, setBody] = useState(reply?.body ?? '');
  const save = reply ? update : create;
  const isReady = title.trim().length > 0 && body.trim().length > 0;
  return (
    <form
      className="space-y-3"
      onSubmit={(event) => {
        event.preventDefault();
        if (!isReady) return;
        const draft = { title: title.trim(), body: body.trim() };
        const done = {
          onSuccess: () => {
            showToast(t('chat.cannedEditor.saved'), { tone: 'success' });
            onDone();
          },
        };
        if (reply) update.mutate({ id: reply.id, ...draft }, done);
        else create.mutate(draft, done);
      }}
    >
      <Field label={t('chat.cannedEditor.title')}>
        {(control) => (
          <Input
            {...control}
            value={title}
            maxLength={CHAT_TITLE_MAX_LENGTH}
            onChange={(event) => setTitle(event.target.value)}
          />
        )}
      </Field>
      <Field label={t('chat.cannedEditor.body')}>
        {(control) => (
          <Textarea
            {...control}
            rows={5}
            value={body}
            maxLength={CHAT_NOTE_MAX_LENGTH}
            onChange={(event) => setBody(event.target.value)}
          />
        )}
      </Field>
      {save.isError && <Alert tone="error">{save.error.message}</Alert>}
      <div className="flex gap-2">
        <Button type="submit" disabled={!isReady} isLoading={save.isPending}>
          {t('chat.cannedEditor.save')}
        </Button>
        <Button variant="secondary" onClick={onDone} disabled={save.isPending}>
          {t('chat.cannedEditor.cancel')}
        </Button>
      </div>
    </form>
  );
}

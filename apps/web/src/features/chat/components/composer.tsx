import {
  CHAT_ATTACHMENTS_MAX,
  CHAT_MESSAGE_MAX_LENGTH,
  CHAT_TYPING_INTERVAL_MS,
  type ChatMessage,
  type Mention,
} from '@rally/shared';
import { FileText, Paperclip, SendHorizontal, X } from 'lucide-react';
import { type FormEvent, type ReactNode, type RefObject, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ResponsiveImage } from '../../../components/ui/responsive-image';
import { Spinner } from '../../../components/ui/spinner';
import { keptMentions } from '../../../utils/rich-text';
import { sendTyping } from '../api/conversations';
import type { ChatScope } from '../api/query-keys';
import { useSendMessage } from '../api/send-message';
import { useAttachments } from '../hooks/use-attachments';
import { isPdf } from '../utils/files';
import { MentionInput, type MentionInputHandle, type MentionSource } from './mention-input';

export interface ComposerProps {
  userId: string;
  scope: ChatScope;
  conversationId: string;
  /** Replies in this thread; null for the conversation. */
  parentId: string | null;
  label: string;
  placeholder: string;
  mentionSource: MentionSource;
  /** The message being quoted, shown above the text until sent or dropped. */
  quote?: ChatMessage | null;
  onClearQuote?: () => void;
  /** More buttons beside Attach (the brand team's canned replies), given a way to insert text. */
  tools?: (insert: (text: string) => void) => ReactNode;
  /** The text field, for the page to focus it or insert into it. */
  inputRef?: RefObject<MentionInputHandle | null>;
}

/**
 * Writing a message: text with @mentions (Enter sends, Shift+Enter a new line), pictures, videos and PDFs uploaded as
 * they are added, an optional quote. Sending is optimistic (the message shows at once; a failure offers Retry) and the
 * composer empties at once; while the member types, the others hear of it (at most every few seconds).
 */
export function Composer(props: ComposerProps) {
  const { t } = useTranslation();
  const fileId = useId();
  const fileRef = useRef<HTMLInputElement | null>(null);
  const ownRef = useRef<MentionInputHandle | null>(null);
  const inputRef = props.inputRef ?? ownRef;
  const [body, setBody] = useState('');
  const [mentions, setMentions] = useState<Mention[]>([]);
  const files = useAttachments();
  const { send } = useSendMessage(props.userId, props.scope, props.conversationId, props.parentId);
  const lastTyping = useRef(0);
  const canSend = (body.trim().length > 0 || files.ready.length > 0) && !files.isUploading;

  const handleChange = (next: string) => {
    setBody(next);
    const now = Date.now();
    if (props.scope === 'member' && next.trim() && now - lastTyping.current > CHAT_TYPING_INTERVAL_MS) {
      lastTyping.current = now;
      sendTyping(props.conversationId, props.parentId).catch(() => undefined);
    }
  };

  const submit = () => {
    if (!canSend) return;
    void send({
      body,
      mentions: keptMentions(body, mentions),
      attachments: files.ready,
      quote: props.quote ?? null,
    });
    setBody('');
    setMentions([]);
    files.clear();
    props.onClearQuote?.();
    lastTyping.current = 0;
  };
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    submit();
  };

  return (
    <form onSubmit={handleSubmit} className="space-y-2 border-t border-slate-200 bg-white p-3">
      {props.quote && (
        <div className="flex items-start gap-2 rounded-lg border-l-4 border-brand-text/60 bg-slate-50 px-3 py-1.5 text-sm">
          <p className="min-w-0 flex-1">
            <span className="block font-semibold text-slate-800">
              {t('chat.composer.quoting', {
                name: props.quote.author?.display_name ?? t('chat.title.unknown'),
              })}
            </span>
            <span className="line-clamp-1 block text-slate-600">{props.quote.body}</span>
          </p>
          <button
            type="button"
            onClick={props.onClearQuote}
            aria-label={t('chat.composer.removeQuote')}
            className="rounded-full p-1 text-slate-600 hover:bg-slate-200"
          >
            <X aria-hidden className="size-4" />
          </button>
        </div>
      )}
      {files.uploads.length > 0 && (
        <ul className="flex flex-wrap gap-2" aria-label={t('chat.composer.files')}>
          {files.uploads.map((file, index) => (
            <li key={file.key} className="relative size-16 overflow-hidden rounded-lg bg-slate-100">
              {file.content_type.startsWith('image/') ? (
                <ResponsiveImage
                  src={file.previewUrl}
                  alt={t('chat.composer.fileAlt', { n: index + 1 })}
                  sizes="64px"
                  width={64}
                  height={64}
                  className="size-full object-cover"
                />
              ) : isPdf(file.content_type) ? (
                <span
                  role="img"
                  aria-label={t('chat.composer.fileAlt', { n: index + 1 })}
                  className="flex size-full flex-col items-center justify-center gap-0.5 text-xs font-semibold text-red-700"
                >
                  <FileText aria-hidden className="size-6" />
                  <span aria-hidden>{t('chat.composer.pdf')}</span>
                </span>
              ) : (
                <span className="flex size-full items-center justify-center text-xs text-slate-600">
                  {t('chat.composer.video')}
                </span>
              )}
              {file.url === null ? (
                <span className="absolute inset-0 flex items-center justify-center bg-white/70">
                  <Spinner label={t('chat.composer.uploading')} />
                </span>
              ) : (
                <button
                  type="button"
                  onClick={() => files.remove(file.key)}
                  aria-label={t('chat.composer.removeFile', { n: index + 1 })}
                  className="absolute top-0.5 right-0.5 flex size-6 items-center justify-center rounded-full bg-slate-900/75 text-white"
                >
                  <X aria-hidden className="size-3.5" />
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      <div className="flex items-end gap-1.5">
        <input
          ref={fileRef}
          id={fileId}
          type="file"
          accept="image/jpeg,image/png,image/webp,image/gif,image/avif,video/mp4,video/quicktime,video/webm,application/pdf"
          multiple
          // The Attach button opens it: out of the tab order and hidden from screen readers.
          tabIndex={-1}
          aria-hidden
          className="sr-only"
          onChange={(event) => {
            void files.add(Array.from(event.target.files ?? []));
            event.target.value = '';
          }}
        />
        <button
          type="button"
          onClick={() => fileRef.current?.click()}
          disabled={files.uploads.length >= CHAT_ATTACHMENTS_MAX}
          aria-label={t('chat.composer.attach')}
          className="flex size-11 shrink-0 items-center justify-center rounded-xl text-slate-700 hover:bg-slate-100 disabled:opacity-60"
        >
          <Paperclip aria-hidden className="size-5" />
        </button>
        {props.tools?.((text) => inputRef.current?.insert(text))}
        <MentionInput
          userId={props.userId}
          value={body}
          onChange={handleChange}
          mentions={mentions}
          onMentionsChange={setMentions}
          source={props.mentionSource}
          label={props.label}
          placeholder={props.placeholder}
          maxLength={CHAT_MESSAGE_MAX_LENGTH}
          onSubmit={submit}
          handle={inputRef}
        />
        <button
          type="submit"
          disabled={!canSend}
          aria-label={t('chat.composer.send')}
          className="flex size-11 shrink-0 items-center justify-center rounded-xl bg-brand text-brand-contrast shadow-sm transition hover:brightness-110 disabled:cursor-not-allowed disabled:opacity-60"
        >
          <SendHorizontal aria-hidden className="size-5" />
        </button>
      </div>
    </form>
  );
}

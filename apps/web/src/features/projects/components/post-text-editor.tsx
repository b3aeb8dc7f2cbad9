import type { SocialChannel } from '@rally/shared';
import { RotateCcw } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { CharCounter } from '../../../components/ui/char-counter';
import { Textarea } from '../../../components/ui/input';
import type { PostDraft } from '../hooks/use-post-draft';
import type { PostTextCheck } from '../utils/post-draft';

interface PostTextEditorProps {
  draft: PostDraft;
  check: PostTextCheck;
  channel: SocialChannel | null;
}

/** The editable post text with its live "n / limit" counter and what blocks sharing it. */
export function PostTextEditor({ draft, check, channel }: PostTextEditorProps) {
  const { t } = useTranslation();
  const id = useId();
  const problem = check.isOver
    ? t('post.overLimit', {
        channel: channel ? t(`channels.${channel}`) : '',
        count: check.count - check.limit,
      })
    : check.unfilled.length > 0
      ? t('post.unfilled', { names: check.unfilled.map((name) => `[[${name}]]`).join(', ') })
      : check.isEmpty
        ? t('post.empty')
        : null;
  return (
    <div className="space-y-1.5">
      <div className="flex items-end justify-between gap-2">
        <label htmlFor={`${id}-text`} className="block text-sm font-medium text-slate-800">
          {t('post.textLabel')}
        </label>
        {draft.isEdited && draft.fields.length > 0 && (
          <Button variant="ghost" size="sm" onClick={draft.reset}>
            <RotateCcw aria-hidden className="size-4" />
            {t('post.resetText')}
          </Button>
        )}
      </div>
      <Textarea
        id={`${id}-text`}
        rows={6}
        value={draft.text}
        onChange={(event) => draft.setText(event.target.value)}
        aria-invalid={check.isOver || undefined}
        aria-describedby={`${id}-count ${id}-problem ${id}-hint`}
      />
      <div className="flex items-start justify-between gap-3">
        <p id={`${id}-problem`} aria-live="polite" className="text-sm font-medium text-red-600">
          {problem}
        </p>
        <CharCounter
          id={`${id}-count`}
          count={check.count}
          limit={check.limit}
          label={t('activities.charCount', { count: check.count, limit: check.limit })}
        />
      </div>
      <p id={`${id}-hint`} className="text-xs text-slate-500">
        {t('post.linkHint')}
      </p>
    </div>
  );
}

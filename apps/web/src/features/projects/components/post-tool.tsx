import type { SocialChannel } from '@rally/shared';
import { Copy, Send } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { RadioCards } from '../../../components/ui/radio-cards';
import { copyWithToast } from '../../../lib/copy';
import type { ActivityDetail, ContentOf } from '../api/get-activity';
import { useActivityShares } from '../api/get-activity-shares';
import { usePostDraft } from '../hooks/use-post-draft';
import { useShareFlow } from '../hooks/use-share-flow';
import { checkPostText } from '../utils/post-draft';
import { PostCreatives } from './post-creatives';
import { PostDirectUse } from './post-direct-use';
import { PostDone } from './post-done';
import { PostMarkShared } from './post-mark-shared';
import { PostPlaceholders } from './post-placeholders';
import { PostPreview } from './post-preview';
import { PostTextEditor } from './post-text-editor';

export interface PostToolProps {
  userId: string;
  activity: ActivityDetail;
  content: ContentOf<'social_post'>;
  canAct: boolean;
  points: number;
  onDone: (points: number) => void;
}

/** The post tool (Personal Page): the done state once shared, otherwise the composer. */
export function PostTool(props: PostToolProps) {
  if (props.activity.status === 'completed')
    return (
      <PostDone
        userId={props.userId}
        activity={props.activity}
        points={props.points}
        // Done, yet still open: the member may post it again (the server says no once the project closed).
        canShare={!props.activity.due_at || Date.parse(props.activity.due_at) > Date.now()}
      />
    );
  return <PostComposer {...props} />;
}

function PostComposer({ userId, activity, content, canAct, onDone }: PostToolProps) {
  const { t } = useTranslation();
  const [channel, setChannel] = useState<SocialChannel | null>(content.channels[0] ?? null);
  const [via, setVia] = useState<'share' | 'use'>('share');
  const draft = usePostDraft(content.template);
  const flow = useShareFlow(userId, activity.id);
  // A share not confirmed yet, from this visit or an earlier one (kept on the server).
  const saved = useActivityShares(userId, activity.id, canAct);
  const pending = [flow.share, ...(saved.data ?? [])].find((s) => s && !s.shared_at) ?? null;
  const check = checkPostText(draft.text, channel ?? 'facebook');
  const template = content.template;
  const canUseDirectly =
    canAct && channel !== null && template !== null && checkPostText(template.body, channel).canSend;

  const handleShare = (text: string, source: 'share' | 'use') => {
    if (!channel) return;
    setVia(source);
    void flow.start(channel, text);
  };

  return (
    <div className="space-y-6">
      <Card className="space-y-6 p-5 sm:p-6">
        {content.direct_use && template && (
          <PostDirectUse
            onUse={() => handleShare(template.body, 'use')}
            isSharing={flow.isSharing && via === 'use'}
            disabled={!canUseDirectly || flow.isSharing}
          />
        )}
        {content.channels.length > 0 ? (
          <RadioCards
            label={t('post.channel')}
            layout="row"
            value={channel}
            onChange={setChannel}
            options={content.channels.map((c) => ({ value: c, label: t(`channels.${c}`) }))}
          />
        ) : (
          <Alert>{t('post.noChannels')}</Alert>
        )}
        {!template && <p className="text-sm text-slate-600">{t('post.noTemplate')}</p>}
        <PostPlaceholders draft={draft} />
        <PostTextEditor draft={draft} check={check} channel={channel} />
        {draft.text.trim() && (
          <section aria-labelledby="preview-heading" className="space-y-2">
            <h3 id="preview-heading" className="text-sm font-semibold text-slate-900">
              {t('post.preview')}
            </h3>
            <div className="rounded-xl bg-slate-50 p-4 ring-1 ring-slate-200">
              <PostPreview text={draft.text} />
            </div>
          </section>
        )}
        {flow.error && <Alert tone="error">{flow.error.message}</Alert>}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button
            variant="secondary"
            disabled={!check.canSend}
            onClick={() => void copyWithToast(draft.text.trim(), t('post.copyLabel'))}
          >
            <Copy aria-hidden className="size-4" />
            {t('post.copy')}
          </Button>
          <Button
            onClick={() => handleShare(draft.text, 'share')}
            disabled={!check.canSend || !canAct || channel === null || flow.isSharing}
            isLoading={flow.isSharing && via === 'share'}
          >
            <Send aria-hidden className="size-4" />
            {t('post.share')}
          </Button>
        </div>
      </Card>
      {pending && canAct && (
        <PostMarkShared
          key={pending.id}
          userId={userId}
          activityId={activity.id}
          share={pending}
          focusOnMount={pending === flow.share}
          points={activity.points}
          onDone={onDone}
        />
      )}
      {content.creatives.length > 0 && (
        <Card className="p-5 sm:p-6">
          <PostCreatives creatives={content.creatives} />
        </Card>
      )}
    </div>
  );
}

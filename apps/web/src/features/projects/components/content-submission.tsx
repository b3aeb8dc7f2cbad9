import { CAPTION_MAX_LENGTH } from '@rally/shared';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { CharCounter } from '../../../components/ui/char-counter';
import { Textarea } from '../../../components/ui/input';
import type { ActivityDetail, ContentOf } from '../api/get-activity';
import { useParticipate } from '../api/participate';
import { useMediaUploads } from '../hooks/use-media-uploads';
import { MediaPicker } from './media-picker';
import { SubmissionStatus } from './submission-status';

/** Most files one submission takes (the API's limit). */
const MAX_FILES = 10;
const ACCEPT = { image: 'image/*', video: 'video/*', any: 'image/*,video/*' } as const;

interface ContentSubmissionProps {
  userId: string;
  activity: ActivityDetail;
  content: ContentOf<'content_submission'>;
  canAct: boolean;
  points: number;
  onDone: (points: number) => void;
}

/** Brand Content: photos or videos with a caption, sent for review; a rejected one can be sent again. */
export function ContentSubmission(props: ContentSubmissionProps) {
  const { activity, points } = props;
  if (activity.status === 'completed' || activity.status === 'pending')
    return <SubmissionStatus activity={activity} points={points} />;
  return <SubmissionForm {...props} />;
}

function SubmissionForm({ userId, activity, content, canAct, onDone }: ContentSubmissionProps) {
  const { t } = useTranslation();
  const previous = activity.status === 'rejected' ? (activity.participation?.data ?? {}) : {};
  const [caption, setCaption] = useState(typeof previous.caption === 'string' ? previous.caption : '');
  const media = useMediaUploads({
    type: 'submission',
    max: MAX_FILES,
    initialUrls: Array.isArray(previous.media_urls)
      ? previous.media_urls.filter((u) => typeof u === 'string')
      : [],
  });
  const participate = useParticipate(userId, activity.id);
  const isReady = caption.trim() !== '' && caption.length <= CAPTION_MAX_LENGTH && media.urls.length > 0;

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!isReady || media.isUploading) return;
    participate.mutate(
      { type: 'content_submission', caption: caption.trim(), media_urls: media.urls },
      { onSuccess: (result) => onDone(result.points_awarded) },
    );
  };

  return (
    <div className="space-y-4">
      {activity.status === 'rejected' && <SubmissionStatus activity={activity} points={0} />}
      <Card className="p-5 sm:p-6">
        <form onSubmit={handleSubmit} className="space-y-5">
          {content.prompt && (
            <p className="whitespace-pre-line text-base font-semibold text-slate-900">{content.prompt}</p>
          )}
          <div className="space-y-2">
            <p className="text-sm font-medium text-slate-800">{t('submission.media')}</p>
            <MediaPicker
              addLabel={t(`submission.addMedia_${content.media}`)}
              accept={ACCEPT[content.media]}
              multiple
              items={media.items}
              onAdd={media.add}
              onRemove={media.remove}
              canAdd={!media.isFull}
              disabled={!canAct}
            />
            <p className="text-xs text-slate-500">{t('submission.mediaHint', { max: MAX_FILES })}</p>
          </div>
          <div className="space-y-1.5">
            <label htmlFor="submission-caption" className="block text-sm font-medium text-slate-800">
              {t('submission.caption')}
            </label>
            <Textarea
              id="submission-caption"
              value={caption}
              onChange={(event) => setCaption(event.target.value)}
              disabled={!canAct}
              aria-invalid={caption.length > CAPTION_MAX_LENGTH || undefined}
              aria-describedby="caption-count"
            />
            <CharCounter
              id="caption-count"
              count={caption.length}
              limit={CAPTION_MAX_LENGTH}
              label={t('activities.charCount', { count: caption.length, limit: CAPTION_MAX_LENGTH })}
            />
          </div>
          {participate.isError && <Alert tone="error">{participate.error.message}</Alert>}
          <Button
            type="submit"
            disabled={!canAct || !isReady || media.isUploading}
            isLoading={participate.isPending}
          >
            {t('activities.submit')}
          </Button>
        </form>
      </Card>
    </div>
  );
}

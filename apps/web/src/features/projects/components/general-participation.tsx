import { RESPONSE_MAX_LENGTH } from '@rally/shared';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { CharCounter } from '../../../components/ui/char-counter';
import { Textarea } from '../../../components/ui/input';
import { RadioCards } from '../../../components/ui/radio-cards';
import type { ActivityDetail, ContentOf } from '../api/get-activity';
import { useParticipate } from '../api/participate';
import { useMediaUploads } from '../hooks/use-media-uploads';
import { DoneBanner } from './done-banner';
import { MediaPicker } from './media-picker';
import { ResponseSummary } from './response-summary';

interface GeneralParticipationProps {
  userId: string;
  activity: ActivityDetail;
  content: ContentOf<'general_participation'>;
  canAct: boolean;
  points: number;
  onDone: (points: number) => void;
}

/** A question answered with text, one of the choices, or a photo. */
export function GeneralParticipation({
  userId,
  activity,
  content,
  canAct,
  points,
  onDone,
}: GeneralParticipationProps) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [choice, setChoice] = useState<string | null>(null);
  const photo = useMediaUploads({ type: 'post', max: 1 });
  const participate = useParticipate(userId, activity.id);

  if (activity.status === 'completed') {
    return (
      <DoneBanner points={points}>
        <ResponseSummary data={activity.participation?.data ?? {}} title={t('activities.yourResponse')} />
      </DoneBanner>
    );
  }

  const photoUrl = photo.urls[0];
  const isReady =
    content.response === 'choice'
      ? choice !== null
      : content.response === 'photo'
        ? !!photoUrl
        : text.trim() !== '';
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!isReady) return;
    const answer =
      content.response === 'choice'
        ? { choice: choice ?? undefined }
        : content.response === 'photo'
          ? { image_url: photoUrl }
          : { text: text.trim() };
    participate.mutate(
      { type: 'general_participation', ...answer },
      { onSuccess: (result) => onDone(result.points_awarded) },
    );
  };

  return (
    <Card className="p-5 sm:p-6">
      <form onSubmit={handleSubmit} className="space-y-5">
        {content.prompt && (
          <p className="whitespace-pre-line text-base font-semibold text-slate-900">{content.prompt}</p>
        )}
        {content.response === 'choice' && (
          <RadioCards
            label={t('activities.yourResponse')}
            options={content.choices.map((c) => ({ value: c, label: c }))}
            value={choice}
            onChange={setChoice}
            disabled={!canAct}
          />
        )}
        {content.response === 'photo' && (
          <div className="space-y-2">
            <p className="text-sm font-medium text-slate-800">{t('activities.yourResponse')}</p>
            <MediaPicker
              addLabel={t('general.addPhoto')}
              accept="image/*"
              items={photo.items}
              onAdd={photo.add}
              onRemove={photo.remove}
              canAdd={!photo.isFull}
              disabled={!canAct}
            />
          </div>
        )}
        {content.response === 'text' && (
          <div className="space-y-1.5">
            <label htmlFor="response-text" className="block text-sm font-medium text-slate-800">
              {t('activities.yourResponse')}
            </label>
            <Textarea
              id="response-text"
              value={text}
              onChange={(event) => setText(event.target.value)}
              maxLength={RESPONSE_MAX_LENGTH}
              disabled={!canAct}
              aria-describedby="response-count"
            />
            <CharCounter
              id="response-count"
              count={text.length}
              limit={RESPONSE_MAX_LENGTH}
              label={t('activities.charCount', { count: text.length, limit: RESPONSE_MAX_LENGTH })}
            />
          </div>
        )}
        {participate.isError && <Alert tone="error">{participate.error.message}</Alert>}
        <Button
          type="submit"
          disabled={!canAct || !isReady || photo.isUploading}
          isLoading={participate.isPending}
        >
          {t('activities.submit')}
        </Button>
      </form>
    </Card>
  );
}

import { CheckCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import type { ActivityDetail, ContentOf } from '../api/get-activity';
import { useParticipate } from '../api/participate';
import { DoneBanner } from './done-banner';
import { TrainingContent } from './training-content';
import { TrainingQuiz } from './training-quiz';

interface TrainingActivityProps {
  userId: string;
  activity: ActivityDetail;
  content: ContentOf<'training'>;
  canAct: boolean;
  points: number;
  onDone: (points: number) => void;
}

/** A training: its content, then a quiz or "Mark as complete"; once done the content stays to revisit. */
export function TrainingActivity({
  userId,
  activity,
  content,
  canAct,
  points,
  onDone,
}: TrainingActivityProps) {
  const { t } = useTranslation();
  const participate = useParticipate(userId, activity.id);
  const isDone = activity.status === 'completed';
  const data = activity.participation?.data ?? {};
  const passed = typeof data.correct === 'number' && typeof data.total === 'number' ? data : null;
  return (
    <div className="space-y-6">
      {isDone && (
        <DoneBanner points={points}>
          {passed && (
            <p className="text-sm text-emerald-900">
              {t('training.passed', { correct: passed.correct, total: passed.total })}
            </p>
          )}
        </DoneBanner>
      )}
      <TrainingContent content={content} />
      {!isDone && content.quiz && (
        <TrainingQuiz
          userId={userId}
          activityId={activity.id}
          quiz={content.quiz}
          canAct={canAct}
          onDone={onDone}
        />
      )}
      {!isDone && !content.quiz && (
        <div className="space-y-3">
          {participate.isError && <Alert tone="error">{participate.error.message}</Alert>}
          <Button
            size="lg"
            className="w-full sm:w-auto"
            disabled={!canAct}
            isLoading={participate.isPending}
            onClick={() =>
              participate.mutate(
                { type: 'training', answers: [] },
                { onSuccess: (result) => onDone(result.points_awarded) },
              )
            }
          >
            <CheckCheck aria-hidden className="size-5" />
            {t('training.markComplete')}
          </Button>
        </div>
      )}
    </div>
  );
}

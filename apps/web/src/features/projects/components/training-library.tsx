import { GraduationCap } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { type TrainingItem, useTrainingLibrary } from '../api/get-training-library';
import { ProjectsSkeleton } from './projects-skeleton';
import { TrainingLibraryItem } from './training-library-item';

function Group({ id, title, trainings }: { id: string; title: string; trainings: readonly TrainingItem[] }) {
  return (
    <section aria-labelledby={id} className="space-y-3">
      <h2 id={id} className="text-lg font-bold tracking-tight text-slate-900">
        {title}
        <span aria-hidden className="ml-2 align-middle text-sm font-semibold text-slate-400">
          {trainings.length}
        </span>
      </h2>
      <Card className="overflow-hidden">
        <ul className="divide-y divide-slate-100">
          {trainings.map((training) => (
            <TrainingLibraryItem key={training.id} training={training} />
          ))}
        </ul>
      </Card>
    </section>
  );
}

/** Every training the member can see: to do first, then completed, each opening its activity page. */
export function TrainingLibrary({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const query = useTrainingLibrary(userId);
  if (query.isPending) return <ProjectsSkeleton count={2} />;
  if (query.isError)
    return (
      <Alert tone="error">
        <p>{query.error.message}</p>
        <Button variant="secondary" size="sm" className="mt-2" onClick={() => query.refetch()}>
          {t('projects.retry')}
        </Button>
      </Alert>
    );
  if (query.data.length === 0)
    return (
      <EmptyState
        icon={GraduationCap}
        title={t('training.emptyTitle')}
        description={t('training.emptyText')}
      />
    );
  const todo = query.data.filter((training) => !training.completed);
  const done = query.data.filter((training) => training.completed);
  return (
    <div className="mx-auto max-w-3xl space-y-8">
      {todo.length > 0 ? (
        <Group id="training-todo" title={t('training.todo')} trainings={todo} />
      ) : (
        <Alert tone="success">{t('training.allDone')}</Alert>
      )}
      {done.length > 0 && <Group id="training-done" title={t('training.completed')} trainings={done} />}
    </div>
  );
}

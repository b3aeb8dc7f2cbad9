import type { Activity } from '@rally/shared';
import { ListTodo } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Card } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { useProjectWords } from '../hooks/use-project-words';
import { ActivityRow } from './activity-row';

/** The project's activities, or an empty state. */
export function ActivityList({ activities }: { activities: readonly Activity[] }) {
  const { t } = useTranslation();
  const words = useProjectWords();
  return (
    <section aria-labelledby="activities-heading" className="space-y-3">
      <h2 id="activities-heading" className="text-lg font-bold tracking-tight text-slate-900">
        {t('projects.activitiesHeading')}
      </h2>
      {activities.length === 0 ? (
        <EmptyState
          icon={ListTodo}
          headingLevel="h3"
          title={t('projects.noActivitiesTitle')}
          description={t('projects.noActivitiesText', { project: words.project })}
        />
      ) : (
        <Card className="overflow-hidden">
          <ul className="divide-y divide-slate-100">
            {activities.map((activity) => (
              <ActivityRow key={activity.id} activity={activity} />
            ))}
          </ul>
        </Card>
      )}
    </section>
  );
}

import type { ReactNode } from 'react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useActivity } from '../api/get-activity';
import { useProject } from '../api/get-project';
import { useProjectWords } from '../hooks/use-project-words';
import { getParticipationBlocker } from '../utils/participation-blocker';
import { ActivityHeader } from './activity-header';
import { ActivityPanel } from './activity-panel';
import { ActivitySkeleton } from './activity-skeleton';
import { BackLink } from './back-link';
import { LoadError } from './load-error';
import { ParticipationNotice } from './participation-notice';

interface ActivityViewProps {
  userId: string;
  projectId: string;
  activityId: string;
}

/** An activity page: what it is, why the member can't take part yet (if so), and the type's tool. */
export function ActivityView({ userId, projectId, activityId }: ActivityViewProps) {
  const { t } = useTranslation();
  const words = useProjectWords();
  const query = useActivity(userId, activityId);
  // The project tells why participation is blocked and offers Join; the page works without it.
  const project = useProject(userId, projectId).data;
  const [awarded, setAwarded] = useState<number | null>(null);

  let body: ReactNode;
  let back = <BackLink to={`/projects/${projectId}`}>{words.Project}</BackLink>;
  if (query.isPending) body = <ActivitySkeleton />;
  else if (query.isError)
    body = (
      <LoadError
        error={query.error}
        onRetry={() => query.refetch()}
        backTo={`/projects/${projectId}`}
        backLabel={t('activities.back', { name: project?.name ?? words.project })}
      />
    );
  else {
    const activity = query.data;
    const blocker = project ? getParticipationBlocker(project, activity) : null;
    const canAct = activity.can_participate;
    back = (
      <BackLink to={`/projects/${activity.project_id}`}>
        {t('activities.back', { name: activity.project_name })}
      </BackLink>
    );
    body = (
      <>
        <ActivityHeader activity={activity} />
        {!canAct && activity.status === 'todo' && (
          <ParticipationNotice userId={userId} activity={activity} project={project} blocker={blocker} />
        )}
        <ActivityPanel
          userId={userId}
          activity={activity}
          canAct={canAct}
          points={awarded ?? activity.points}
          onDone={setAwarded}
        />
      </>
    );
  }
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      {back}
      {body}
    </div>
  );
}

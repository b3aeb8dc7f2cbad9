import { hasFeature } from '@rally/shared';
import { useParams } from 'react-router';
import { ActivityView } from '../../features/projects/components/activity-view';
import { ProjectView } from '../../features/projects/components/project-view';
import { ProjectsList } from '../../features/projects/components/projects-list';
import { TrainingLibrary } from '../../features/projects/components/training-library';
import { useNavContext } from '../../hooks/use-nav-context';
import { useUser } from '../../lib/auth';
import { NotAvailable } from './access';

/** /projects: the member's projects by section, filtered by activity type. */
export function ProjectsPage() {
  const user = useUser();
  return user ? <ProjectsList userId={user.id} /> : null;
}

/** /projects/:projectId: the project with Join / Leave and its activities. */
export function ProjectPage() {
  const user = useUser();
  const { projectId = '' } = useParams();
  // Keyed by id so moving between projects starts from a clean page (dialogs, mutation state).
  return user ? <ProjectView key={projectId} userId={user.id} projectId={projectId} /> : null;
}

/** /projects/:projectId/activities/:activityId: the activity's tool by type. */
export function ActivityPage() {
  const user = useUser();
  const { projectId = '', activityId = '' } = useParams();
  return user ? (
    <ActivityView key={activityId} userId={user.id} projectId={projectId} activityId={activityId} />
  ) : null;
}

/** /training-library: every training, to do and completed (feature training). */
export function TrainingLibraryPage() {
  const ctx = useNavContext();
  const user = useUser();
  if (!hasFeature(ctx.features, 'training')) return <NotAvailable />;
  return user ? <TrainingLibrary userId={user.id} /> : null;
}

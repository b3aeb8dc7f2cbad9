import { useParams } from 'react-router';
import { AdminProjectDetail } from '../../features/projects/components/admin-project-detail';
import { AdminProjectsList } from '../../features/projects/components/admin-projects-list';
import { useUser } from '../../lib/auth';

/** /admin/projects: the client's projects (ADMIN; the server answers 403 to others). */
export function AdminProjectsPage() {
  const user = useUser();
  return user ? <AdminProjectsList user={user} /> : null;
}

/** /admin/projects/:projectId: one project and its activities. */
export function AdminProjectPage() {
  const { projectId } = useParams();
  const user = useUser();
  if (!user || !projectId) return null;
  return <AdminProjectDetail key={projectId} user={user} projectId={projectId} />;
}

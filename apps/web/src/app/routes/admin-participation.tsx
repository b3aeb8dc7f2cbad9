import { ParticipationPage } from '../../features/participations/components/participation-page';
import { useUser } from '../../lib/auth';

/** /admin/participation: ADMIN or ANALYST (the server scopes a lead to their teams). */
export function AdminParticipationPage() {
  const user = useUser();
  return user ? <ParticipationPage user={user} /> : null;
}

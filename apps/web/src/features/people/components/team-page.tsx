import { Construction } from 'lucide-react';
import { EmptyState } from '../../../components/ui/empty-state';

/** /community/teams/:teamId: a team's members, feed and rank (issue 4; being built). */
export function TeamPage() {
  return <EmptyState icon={Construction} title="TeamPage" description="Coming with issue 4." />;
}

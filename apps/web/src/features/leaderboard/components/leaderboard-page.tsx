import { Construction } from 'lucide-react';
import { EmptyState } from '../../../components/ui/empty-state';

/** /community/leaderboard: points ranking (issue 4; being built). */
export function LeaderboardPage() {
  return <EmptyState icon={Construction} title="LeaderboardPage" description="Coming with issue 4." />;
}

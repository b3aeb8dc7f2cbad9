import { Construction } from 'lucide-react';
import { EmptyState } from '../../../components/ui/empty-state';

/** /community/following: posts of the people the member follows (issue 4; being built). */
export function FollowingPage() {
  return <EmptyState icon={Construction} title="FollowingPage" description="Coming with issue 4." />;
}

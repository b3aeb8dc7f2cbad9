import { Construction } from 'lucide-react';
import { EmptyState } from '../../../components/ui/empty-state';

/** /community/feed: the client's feed (issue 4; being built). */
export function FeedPage() {
  return <EmptyState icon={Construction} title="FeedPage" description="Coming with issue 4." />;
}

import { Construction } from 'lucide-react';
import { EmptyState } from '../../../components/ui/empty-state';

/** /people/:userId: another member's public profile (issue 4; being built). */
export function PersonPage() {
  return <EmptyState icon={Construction} title="PersonPage" description="Coming with issue 4." />;
}

import { Construction } from 'lucide-react';
import { EmptyState } from '../../../components/ui/empty-state';

/** /admin/safety: word lists and the moderation queue (issue 4; being built). */
export function AdminSafetyPage() {
  return <EmptyState icon={Construction} title="AdminSafetyPage" description="Coming with issue 4." />;
}

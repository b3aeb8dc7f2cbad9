import { Construction } from 'lucide-react';
import { EmptyState } from '../../../components/ui/empty-state';

/** /admin/users: users and teams (issue 4; being built). */
export function AdminUsersPage() {
  return <EmptyState icon={Construction} title="AdminUsersPage" description="Coming with issue 4." />;
}

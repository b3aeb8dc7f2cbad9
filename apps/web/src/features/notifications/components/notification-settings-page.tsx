import { Construction } from 'lucide-react';
import { EmptyState } from '../../../components/ui/empty-state';

/** /notifications/settings: which kinds are pushed (issue 4; being built). */
export function NotificationSettingsPage() {
  return (
    <EmptyState icon={Construction} title="NotificationSettingsPage" description="Coming with issue 4." />
  );
}

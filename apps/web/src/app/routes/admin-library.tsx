import { LibraryPage } from '../../features/library/components/library-page';
import { useUser } from '../../lib/auth';

/** /admin/library: templates and creatives (ADMIN only). */
export function AdminLibraryPage() {
  const user = useUser();
  return user ? <LibraryPage user={user} /> : null;
}

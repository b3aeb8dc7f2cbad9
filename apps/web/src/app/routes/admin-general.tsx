import { isAdmin } from '@rally/shared';
import { lazy, Suspense } from 'react';
import { Skeleton } from '../../components/ui/skeleton';
import { AdminGeneralPage } from '../../features/clients/components/admin-general-page';
import { CustomUrlSection } from '../../features/clients/components/custom-url-section';
import { ContractsSection } from '../../features/contracts/components/contracts-section';
import { useUser } from '../../lib/auth';

/** Custom domains, below the fold: their own chunk, loaded after the page. */
const DomainsSection = lazy(() =>
  import('../../features/clients/components/domains-section').then((m) => ({ default: m.DomainsSection })),
);

/** The words editor (every UI text, per language): its own chunk, with the catalog it loads (issue 14). */
const TextsSection = lazy(() =>
  import('../../features/clients/components/texts-section').then((m) => ({ default: m.TextsSection })),
);

/** /admin/general (ADMIN only): the client's settings, then its custom URL, domains and contract versions. */
export function AdminGeneralRoute() {
  const user = useUser();
  return (
    <div className="space-y-5">
      <AdminGeneralPage />
      {user && isAdmin(user) && (
        <>
          <Suspense fallback={<Skeleton className="h-40 w-full" />}>
            <TextsSection user={user} />
          </Suspense>
          <CustomUrlSection user={user} />
          <Suspense fallback={<Skeleton className="h-40 w-full" />}>
            <DomainsSection user={user} />
          </Suspense>
          <ContractsSection user={user} />
        </>
      )}
    </div>
  );
}

import { isNavItemVisible, type NavContext, type NavItem } from '@rally/shared';
import { Lock, PackageOpen } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../components/ui/button';
import { EmptyState } from '../../components/ui/empty-state';

export type Access = 'allowed' | 'forbidden' | 'unavailable';

/**
 * Access to a navigation item under the shared visibility rules: 'forbidden' when a role or sign-in
 * condition fails, 'unavailable' when only the client's feature is missing.
 */
export function getItemAccess(item: NavItem | undefined, ctx: NavContext): Access {
  if (!item) return 'allowed';
  if (isNavItemVisible(item, ctx)) return 'allowed';
  return isNavItemVisible({ ...item, feature: undefined }, ctx) ? 'unavailable' : 'forbidden';
}

/** "You don't have access to this page". */
export function NoAccess() {
  const { t } = useTranslation();
  return (
    <EmptyState
      icon={Lock}
      title={t('access.forbiddenTitle')}
      description={t('access.forbiddenText')}
      action={<ButtonLink to="/">{t('access.goHome')}</ButtonLink>}
    />
  );
}

/** The client has not turned this part of the app on. */
export function NotAvailable() {
  const { t } = useTranslation();
  return (
    <EmptyState
      icon={PackageOpen}
      title={t('access.unavailableTitle')}
      description={t('access.unavailableText')}
      action={<ButtonLink to="/">{t('access.goHome')}</ButtonLink>}
    />
  );
}

/** The state for an access answer, or null when allowed. */
export function AccessState({ access }: { access: Access }) {
  if (access === 'forbidden') return <NoAccess />;
  if (access === 'unavailable') return <NotAvailable />;
  return null;
}

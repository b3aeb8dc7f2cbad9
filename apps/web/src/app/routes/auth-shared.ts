import { hasFeature } from '@rally/shared';
import { getFeatureIds, useClient } from '../../lib/client';

/** Links in the auth pages' footers. */
export const linkClasses = 'font-semibold text-brand-text underline-offset-2 hover:underline';

/** Whether the client lets people create their own account (feature open). */
export function useIsOpen(): boolean {
  return hasFeature(getFeatureIds(useClient()), 'open');
}

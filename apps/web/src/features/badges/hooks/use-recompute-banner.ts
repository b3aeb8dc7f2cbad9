import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { enqueueTaskGroup } from '../../../lib/tasks';
import { getBadgeRecompute } from '../api/badge-recompute';
import { refreshBadges } from '../api/badges-keys';
import { recomputeTaskGroup } from '../utils/recompute-task';

/** Follows a badge's recomputation in the app's progress banner, then refreshes the list. */
export function useRecomputeBanner(userId: string) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useCallback(
    (badge: { id: string; name: string }) =>
      enqueueTaskGroup(
        recomputeTaskGroup({
          name: t('adminBadges.recompute.group', { name: badge.name }),
          stepName: t('adminBadges.recompute.step'),
          slowMessage: t('adminBadges.recompute.slow'),
          read: () => getBadgeRecompute(badge.id),
          onDone: () => refreshBadges(queryClient, userId),
        }),
      ),
    [queryClient, t, userId],
  );
}

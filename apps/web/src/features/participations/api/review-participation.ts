import type { AdminParticipationsResponseSchema } from '@rally/shared';
import { type AdminParticipation, AdminParticipationResponseSchema } from '@rally/shared';
import { type InfiniteData, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';
import { participationKeys } from './query-keys';

type Page = z.infer<typeof AdminParticipationsResponseSchema>;

export interface ReviewInput {
  id: string;
  decision: 'approve' | 'reject';
  /** Required to reject; shown to the member. */
  reason?: string;
}

/** POST /api/admin/participations/{id}/review → {participation}; 409 when it was already reviewed. */
export const reviewParticipation = ({ id, ...body }: ReviewInput) =>
  api.post(`/api/admin/participations/${encodeURIComponent(id)}/review`, body, {
    schema: AdminParticipationResponseSchema,
  });

function replaceIn(data: InfiniteData<Page> | undefined, next: AdminParticipation) {
  if (!data) return data;
  const pages = data.pages.map((page) => ({
    ...page,
    participations: page.participations.map((item) => (item.id === next.id ? next : item)),
  }));
  return { ...data, pages };
}

/** Reviews a submission; the reviewed item is updated in place, so a filtered list keeps its place. */
export function useReviewParticipation(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reviewParticipation,
    onSuccess: ({ participation }) => {
      queryClient.setQueriesData<InfiniteData<Page>>({ queryKey: participationKeys.all(userId) }, (data) =>
        replaceIn(data, participation),
      );
      // Other filters (e.g. Pending) are stale now; they reload when shown again.
      void queryClient.invalidateQueries({ queryKey: participationKeys.all(userId), refetchType: 'none' });
    },
  });
}

import {
  type ModerationItem,
  ModerationItemResponseSchema,
  type ModerationQueueResponseSchema,
} from '@rally/shared';
import { type InfiniteData, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';
import { safetyKeys } from './query-keys';

type Page = z.infer<typeof ModerationQueueResponseSchema>;

export interface DecideInput {
  id: string;
  decision: 'approve' | 'remove';
}

/** POST /api/admin/safety/queue/{id}/approve|remove → {item}; 409 when it was already decided. */
export const decideModerationItem = ({ id, decision }: DecideInput) =>
  api.post(`/api/admin/safety/queue/${encodeURIComponent(id)}/${decision}`, undefined, {
    schema: ModerationItemResponseSchema,
  });

function replaceIn(data: InfiniteData<Page> | undefined, next: ModerationItem) {
  if (!data) return data;
  const pages = data.pages.map((page) => ({
    ...page,
    items: page.items.map((item) => (item.id === next.id ? next : item)),
  }));
  return { ...data, pages };
}

/** Approves or removes an item; it is updated in place (the card shows the decision) and other lists go stale. */
export function useDecideModerationItem(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: decideModerationItem,
    onSuccess: ({ item }) => {
      queryClient.setQueriesData<InfiniteData<Page>>({ queryKey: safetyKeys.allQueues(userId) }, (data) =>
        replaceIn(data, item),
      );
      void queryClient.invalidateQueries({ queryKey: safetyKeys.allQueues(userId), refetchType: 'none' });
    },
  });
}

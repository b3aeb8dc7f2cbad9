import { ChatCannedReplyResponseSchema, OkResponseSchema } from '@rally/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { chatKeys } from './query-keys';

const enc = encodeURIComponent;

type Draft = { title: string; body: string };

/** POST, PATCH and DELETE /api/admin/chat/canned-replies (ADMIN): the saved answers' editor. */
export function useCannedReplyActions(userId: string) {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: chatKeys.canned(userId) });
  const create = useMutation({
    mutationFn: (draft: Draft) =>
      api.post('/api/admin/chat/canned-replies', draft, { schema: ChatCannedReplyResponseSchema }),
    onSuccess: refresh,
  });
  const update = useMutation({
    mutationFn: ({ id, ...draft }: Draft & { id: string }) =>
      api.patch(`/api/admin/chat/canned-replies/${enc(id)}`, draft, {
        schema: ChatCannedReplyResponseSchema,
      }),
    onSuccess: refresh,
  });
  const remove = useMutation({
    mutationFn: (id: string) =>
      api.delete(`/api/admin/chat/canned-replies/${enc(id)}`, { schema: OkResponseSchema }),
    onSuccess: refresh,
  });
  return { create, update, remove };
}

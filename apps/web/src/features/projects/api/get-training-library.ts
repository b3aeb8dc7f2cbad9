import { TrainingLibraryResponseSchema } from '@rally/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';
import { projectKeys } from './query-keys';

export type TrainingItem = z.infer<typeof TrainingLibraryResponseSchema>['trainings'][number];

/** GET /api/training-library: every training the member can see, done and not done. */
export const getTrainingLibrary = () =>
  api.get('/api/training-library', { schema: TrainingLibraryResponseSchema });

export function getTrainingLibraryQueryOptions(userId: string) {
  return queryOptions({
    queryKey: projectKeys.trainingLibrary(userId),
    queryFn: async () => (await getTrainingLibrary()).trainings,
  });
}

export function useTrainingLibrary(userId: string) {
  return useQuery(getTrainingLibraryQueryOptions(userId));
}

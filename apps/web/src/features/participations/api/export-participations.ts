import { useMutation } from '@tanstack/react-query';
import { downloadBlob, saveBlob } from '../../../lib/download';
import { type ParticipationFilters, toQuery } from './query-keys';

/**
 * GET /api/admin/participations.csv as a blob, with the bearer token like every call. A failure throws
 * the server's message.
 */
export async function exportParticipations(filters: ParticipationFilters): Promise<Blob> {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(toQuery(filters))) if (value) params.set(key, value);
  return downloadBlob(`/api/admin/participations.csv?${params}`, { accept: 'text/csv' });
}

export { saveBlob };

export function useExportParticipations() {
  return useMutation({
    mutationFn: async ({ filters, fileName }: { filters: ParticipationFilters; fileName: string }) =>
      saveBlob(await exportParticipations(filters), fileName),
  });
}

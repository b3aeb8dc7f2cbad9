import { useMutation } from '@tanstack/react-query';
import { ApiError } from '../../../lib/api-client';
import { i18n } from '../../../lib/i18n';
import { getToken } from '../../../lib/storage';
import { type ParticipationFilters, toQuery } from './query-keys';

/**
 * GET /api/admin/participations.csv as a blob, with the bearer token like every call. A failure throws
 * the server's message.
 */
export async function exportParticipations(filters: ParticipationFilters): Promise<Blob> {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(toQuery(filters))) if (value) params.set(key, value);
  const token = getToken();
  let response: Response;
  try {
    response = await fetch(`/api/admin/participations.csv?${params}`, {
      headers: { accept: 'text/csv', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      credentials: 'same-origin',
    });
  } catch {
    throw new ApiError(i18n.t('errors.network'), 0);
  }
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { message?: unknown } | null;
    const message = typeof body?.message === 'string' ? body.message : i18n.t('errors.requestFailed');
    throw new ApiError(message, response.status);
  }
  return response.blob();
}

/** Saves a blob as a file through an object URL and a download link. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = fileName;
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  // Let the browser start the download before the blob goes away.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export function useExportParticipations() {
  return useMutation({
    mutationFn: async ({ filters, fileName }: { filters: ParticipationFilters; fileName: string }) =>
      saveBlob(await exportParticipations(filters), fileName),
  });
}

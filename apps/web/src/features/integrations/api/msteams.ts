import { useMutation } from '@tanstack/react-query';
import { downloadBlob, saveBlob } from '../../../lib/download';

/** GET /api/admin/msteams/package (ADMIN only): the zip a Teams admin uploads, saved under the server's name. */
export function useDownloadTeamsPackage() {
  return useMutation({
    mutationFn: async (fileName: string) => {
      const blob = await downloadBlob('/api/admin/msteams/package', { accept: 'application/zip' });
      saveBlob(blob, fileName);
    },
  });
}

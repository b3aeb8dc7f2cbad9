import type { UploadType } from '@rally/shared';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUser } from '../../../lib/auth';
import { useClient } from '../../../lib/client';
import { enqueueTaskGroup } from '../../../lib/tasks';
import { uploadFile } from '../../../lib/upload';

/**
 * Uploads a brand image as a background task (the progress banner shows it; a failure shows a long toast)
 * and keeps the failure for the field too, since the toast goes away.
 */
export function useImageUpload(type: UploadType, label: string) {
  const { t } = useTranslation();
  const client = useClient();
  const user = useUser();
  const [isUploading, setIsUploading] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const upload = useCallback(
    async (file: File): Promise<string | null> => {
      let url: string | null = null;
      setIsUploading(true);
      setError(null);
      await enqueueTaskGroup({
        name: t('adminGeneral.brand.uploadTask', { label }),
        steps: [
          {
            name: t('adminGeneral.brand.uploading', { name: file.name }),
            run: async () => {
              try {
                ({ url } = await uploadFile({ isLoggedIn: user !== null, file, type, objectId: client.id }));
              } catch (failure) {
                setError(failure instanceof Error ? failure.message : t('adminGeneral.brand.uploadFailed'));
                throw failure;
              }
            },
          },
        ],
      });
      setIsUploading(false);
      return url;
    },
    [client.id, label, t, type, user],
  );

  return { upload, isUploading, error };
}

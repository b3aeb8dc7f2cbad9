import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUser } from '../../../lib/auth';
import { useClient } from '../../../lib/client';
import { enqueueTaskGroup } from '../../../lib/tasks';
import { uploadFile } from '../../../lib/upload';

/**
 * Uploads a creative's file as a background task (the progress banner shows it; a failure shows a long
 * toast) and keeps the failure message for the form, since the toast goes away.
 */
export function useCreativeUpload() {
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
        name: t('library.creatives.uploadTask'),
        steps: [
          {
            name: t('library.creatives.uploading', { name: file.name }),
            run: async () => {
              try {
                const type = 'creative';
                ({ url } = await uploadFile({ isLoggedIn: user !== null, file, type, objectId: client.id }));
              } catch (failure) {
                setError(failure instanceof Error ? failure.message : t('library.creatives.uploadFailed'));
                throw failure;
              }
            },
          },
        ],
      });
      setIsUploading(false);
      return url;
    },
    [client.id, t, user],
  );

  return { upload, isUploading, error };
}

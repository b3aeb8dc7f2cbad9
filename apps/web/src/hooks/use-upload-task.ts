import type { UploadType } from '@rally/shared';
import { useCallback, useState } from 'react';
import { useUser } from '../lib/auth';
import { useClient } from '../lib/client';
import { enqueueTaskGroup } from '../lib/tasks';
import { uploadFile } from '../lib/upload';

/** What the progress banner and the field say about an upload. */
export interface UploadTexts {
  /** The task group's name in the progress banner. */
  group: string;
  /** The step's name for a file. */
  step: (fileName: string) => string;
  /** The field's message when the failure has none. */
  failed: string;
}

/**
 * Uploads a file of this client as a background task (the progress banner shows it; a failure shows a long
 * toast) and keeps the failure message for the field too, since the toast goes away.
 */
export function useUploadTask(type: UploadType, texts: UploadTexts) {
  const client = useClient();
  const user = useUser();
  const [isUploading, setIsUploading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const { group, step, failed } = texts;

  const upload = useCallback(
    async (file: File): Promise<string | null> => {
      let url: string | null = null;
      setIsUploading(true);
      setError(null);
      await enqueueTaskGroup({
        name: group,
        steps: [
          {
            name: step(file.name),
            run: async () => {
              try {
                ({ url } = await uploadFile({ isLoggedIn: user !== null, file, type, objectId: client.id }));
              } catch (failure) {
                setError(failure instanceof Error ? failure.message : failed);
                throw failure;
              }
            },
          },
        ],
      });
      setIsUploading(false);
      return url;
    },
    [client.id, group, step, failed, type, user],
  );

  return { upload, isUploading, error };
}

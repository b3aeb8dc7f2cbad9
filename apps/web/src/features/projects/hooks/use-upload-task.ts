import type { UploadType } from '@rally/shared';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useUploadTask as useSharedUploadTask } from '../../../hooks/use-upload-task';

/** A project file upload (cover, training video or PDF) as a background task named `taskName`. */
export function useUploadTask(type: UploadType, taskName: string) {
  const { t } = useTranslation();
  const step = useCallback((name: string) => t('adminProjects.upload.uploading', { name }), [t]);
  return useSharedUploadTask(type, { group: taskName, step, failed: t('adminProjects.upload.failed') });
}

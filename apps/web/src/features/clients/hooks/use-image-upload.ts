import type { UploadType } from '@rally/shared';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useUploadTask } from '../../../hooks/use-upload-task';

/** A brand image upload (logo, home image, favicon) as a background task. */
export function useImageUpload(type: UploadType, label: string) {
  const { t } = useTranslation();
  const step = useCallback((name: string) => t('adminGeneral.brand.uploading', { name }), [t]);
  return useUploadTask(type, {
    group: t('adminGeneral.brand.uploadTask', { label }),
    step,
    failed: t('adminGeneral.brand.uploadFailed'),
  });
}

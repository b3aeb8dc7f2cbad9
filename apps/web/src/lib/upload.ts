import { UploadResponseSchema, type UploadType } from '@rally/shared';
import { api } from './api-client';
import { i18n } from './i18n';

/**
 * POST /api/upload (multipart: type, objectId, then file). Needs a signed-in user (SPEC 8). The fields go before
 * the file so the server knows the type's kinds and size limit from the file's first byte.
 */
export async function uploadFile(input: {
  isLoggedIn: boolean;
  file: Blob;
  type: UploadType;
  objectId: string;
}): Promise<{ url: string; message: string }> {
  if (!input.isLoggedIn) throw new Error(i18n.t('errors.notLoggedIn'));
  const form = new FormData();
  form.set('type', input.type);
  form.set('objectId', input.objectId);
  form.set('file', input.file);
  return api.post('/api/upload', form, { schema: UploadResponseSchema });
}

import { UploadResponseSchema, type UploadType } from '@rally/shared';
import { api } from './api-client';
import { i18n } from './i18n';

/** POST /api/upload (multipart: file, type, objectId). Needs a signed-in user (SPEC 8). */
export async function uploadFile(input: {
  isLoggedIn: boolean;
  file: Blob;
  type: UploadType;
  objectId: string;
}): Promise<{ url: string; message: string }> {
  if (!input.isLoggedIn) throw new Error(i18n.t('errors.notLoggedIn'));
  const form = new FormData();
  form.set('file', input.file);
  form.set('type', input.type);
  form.set('objectId', input.objectId);
  return api.post('/api/upload', form, { schema: UploadResponseSchema });
}

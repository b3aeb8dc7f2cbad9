import { UPLOAD_TYPES, type UploadType } from '@rally/shared';
import { authorize } from '../../lib/authorize.ts';
import { badRequest } from '../../lib/errors.ts';
import { mayUploadFor, mayUploadType } from './uploads.policy.ts';

/**
 * Checks the upload's `type` and `objectId` fields: those present, or all of them when `requireAll`. The type must
 * be known and open to the user's role; the object must be the request's client. Throws 400 or 403.
 */
export function checkUploadFields(
  fields: Readonly<Record<string, string>>,
  actor: { role: string; clientId: string },
  opts: { requireAll: boolean },
): UploadType | undefined {
  const type = fields.type as UploadType | undefined;
  if (type === undefined) {
    if (opts.requireAll) throw badRequest('type is required');
  } else {
    if (!(UPLOAD_TYPES as readonly string[]).includes(type)) {
      throw badRequest(`type must be one of ${UPLOAD_TYPES.join(', ')}`);
    }
    authorize(mayUploadType(actor, type));
  }
  if (fields.objectId === undefined) {
    if (opts.requireAll) throw badRequest('objectId is required');
  } else authorize(mayUploadFor(actor, fields.objectId));
  return type;
}

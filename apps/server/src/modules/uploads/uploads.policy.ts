import {
  UPLOAD_IMAGE_MAX_BYTES,
  UPLOAD_PDF_MAX_BYTES,
  UPLOAD_TYPES,
  UPLOAD_VIDEO_MAX_BYTES,
  type UploadType,
} from '@rally/shared';
import { allow, type Decision, deny } from '../../lib/authorize.ts';

export type FileKind = 'image' | 'video' | 'pdf';

/** Content types accepted, by what the bytes say (not the name). */
export const KIND_BY_MIME: Readonly<Record<string, FileKind>> = {
  'image/jpeg': 'image',
  'image/png': 'image',
  'image/webp': 'image',
  'image/gif': 'image',
  'image/avif': 'image',
  'video/mp4': 'video',
  'video/quicktime': 'video',
  'video/webm': 'video',
  'application/pdf': 'pdf',
};

export const MAX_BYTES: Readonly<Record<FileKind, number>> = {
  image: UPLOAD_IMAGE_MAX_BYTES,
  video: UPLOAD_VIDEO_MAX_BYTES,
  pdf: UPLOAD_PDF_MAX_BYTES,
};

/** Which kinds of file each upload type takes. */
export const KINDS_BY_TYPE: Readonly<Record<UploadType, readonly FileKind[]>> = {
  avatar: ['image'],
  'client-logo': ['image'],
  'client-home-image': ['image'],
  favicon: ['image'],
  'team-image': ['image'],
  post: ['image', 'video'],
  creative: ['image', 'video'],
  submission: ['image', 'video'],
  training: ['image', 'video', 'pdf'],
  // Chat attachments (issue 12): pictures, videos and PDF documents members send each other.
  chat: ['image', 'video', 'pdf'],
};

/** Upload types only admins may send (they change the client's branding or shared content). */
export const ADMIN_UPLOAD_TYPES: ReadonlySet<UploadType> = new Set([
  'client-logo',
  'client-home-image',
  'favicon',
  'creative',
  'training',
]);

/** Largest side in pixels images of each type are resized to. */
export const IMAGE_BOX: Readonly<Record<UploadType, { size: number; fit: 'cover' | 'inside' }>> = {
  avatar: { size: 512, fit: 'cover' },
  'team-image': { size: 512, fit: 'cover' },
  'client-logo': { size: 512, fit: 'inside' },
  'client-home-image': { size: 1024, fit: 'inside' },
  favicon: { size: 256, fit: 'cover' },
  post: { size: 2048, fit: 'inside' },
  creative: { size: 2048, fit: 'inside' },
  submission: { size: 2048, fit: 'inside' },
  training: { size: 2048, fit: 'inside' },
  chat: { size: 2048, fit: 'inside' },
};

export const describeKinds = (kinds: readonly FileKind[]) =>
  kinds
    .map(
      (k) =>
        ({
          image: 'JPEG, PNG, WebP, GIF or AVIF images',
          video: 'MP4, MOV or WebM videos',
          pdf: 'PDF documents',
        })[k],
    )
    .join(', ');

/** Kinds of file the role may upload under some type: all a file sent before its type may be. */
export function kindsForRole(role: string): readonly FileKind[] {
  const types = UPLOAD_TYPES.filter((type) => role === 'ADMIN' || !ADMIN_UPLOAD_TYPES.has(type));
  return [...new Set(types.flatMap((type) => KINDS_BY_TYPE[type]))];
}

/** The largest file any of the kinds may be. */
export const maxBytesOf = (kinds: readonly FileKind[]) => Math.max(...kinds.map((kind) => MAX_BYTES[kind]));

/** Upload types that change the client's branding or shared content are sent by admins only. */
export function mayUploadType(actor: { role: string }, type: UploadType): Decision {
  return ADMIN_UPLOAD_TYPES.has(type) && actor.role !== 'ADMIN'
    ? deny(`Only admins may upload ${type} files`)
    : allow;
}

/** Files are uploaded for the request's own client only. */
export function mayUploadFor(actor: { clientId: string }, objectId: string): Decision {
  return objectId === actor.clientId ? allow : deny('objectId must be the id of this app’s client');
}

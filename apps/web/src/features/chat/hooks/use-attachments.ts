import { CHAT_ATTACHMENTS_MAX } from '@rally/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUser } from '../../../lib/auth';
import { useClient } from '../../../lib/client';
import { showToast } from '../../../lib/toast';
import { uploadFile } from '../../../lib/upload';
import type { DraftAttachment } from '../api/outbox';

/** A file added to a message: shown at once from the device, its URL set once uploaded. */
interface Upload {
  key: string;
  previewUrl: string;
  content_type: string;
  size: number;
  url: string | null;
}

/**
 * Files of a message being written (pictures, videos, PDFs): uploaded (type chat) as they are added, at most
 * CHAT_ATTACHMENTS_MAX.
 */
export function useAttachments() {
  const { t } = useTranslation();
  const client = useClient();
  const user = useUser();
  const [uploads, setUploads] = useState<Upload[]>([]);

  async function add(files: readonly File[]) {
    const room = CHAT_ATTACHMENTS_MAX - uploads.length;
    if (files.length > room)
      showToast(t('chat.composer.tooManyFiles', { max: CHAT_ATTACHMENTS_MAX }), { tone: 'error' });
    for (const file of files.slice(0, Math.max(room, 0))) {
      const key = `${file.name}-${Math.random().toString(36).slice(2)}`;
      const upload = {
        key,
        previewUrl: URL.createObjectURL(file),
        content_type: file.type,
        size: file.size,
        url: null,
      };
      setUploads((list) => [...list, upload]);
      try {
        const { url } = await uploadFile({
          isLoggedIn: user !== null,
          file,
          type: 'chat',
          objectId: client.id,
        });
        setUploads((list) => list.map((u) => (u.key === key ? { ...u, url } : u)));
      } catch (error) {
        setUploads((list) => list.filter((u) => u.key !== key));
        showToast((error as Error).message, { tone: 'error', duration: 'long' });
      }
    }
  }

  const remove = (key: string) => setUploads((list) => list.filter((u) => u.key !== key));
  const clear = () => setUploads([]);
  const isUploading = uploads.some((u) => u.url === null);
  const ready: DraftAttachment[] = uploads.flatMap((u) =>
    u.url ? [{ url: u.url, content_type: u.content_type, previewUrl: u.previewUrl, size: u.size }] : [],
  );
  return { uploads, add, remove, clear, isUploading, ready };
}

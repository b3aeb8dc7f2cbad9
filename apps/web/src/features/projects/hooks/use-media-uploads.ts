import type { UploadType } from '@rally/shared';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useClient } from '../../../lib/client';
import { enqueueTaskGroup } from '../../../lib/tasks';
import { showToast } from '../../../lib/toast';
import { uploadFile } from '../../../lib/upload';
import { isVideoUrl } from '../utils/post-draft';

/** A photo or video the member added: shown at once from the device, sent in the background. */
export interface MediaItem {
  key: string;
  name: string;
  kind: 'image' | 'video';
  previewUrl: string;
  status: 'uploading' | 'done' | 'failed';
  /** The uploaded file's URL once done. */
  url: string | null;
}

const fromUrl = (url: string): MediaItem => ({
  key: url,
  name: url.split('/').pop() ?? url,
  kind: isVideoUrl(url) ? 'video' : 'image',
  previewUrl: url,
  status: 'done',
  url,
});

/**
 * Media uploads through the task queue (progress banner with a percent over the files). A failed file is
 * marked and reported, and the others still go; at most `max` files.
 */
export function useMediaUploads({
  type,
  max,
  initialUrls = [],
}: {
  type: UploadType;
  max: number;
  initialUrls?: string[];
}) {
  const { t } = useTranslation();
  const client = useClient();
  const [items, setItems] = useState<MediaItem[]>(() => initialUrls.map(fromUrl));
  const itemsRef = useRef(items);
  itemsRef.current = items;
  // Previews made from the device's files are released when the page goes.
  useEffect(
    () => () => {
      for (const item of itemsRef.current)
        if (item.previewUrl.startsWith('blob:')) URL.revokeObjectURL(item.previewUrl);
    },
    [],
  );

  const update = (key: string, patch: Partial<MediaItem>) =>
    setItems((previous) => previous.map((item) => (item.key === key ? { ...item, ...patch } : item)));

  function add(files: readonly File[]) {
    const room = Math.max(0, max - itemsRef.current.length);
    if (files.length > room) showToast(t('submission.tooMany', { max }), { tone: 'error' });
    const added = files.slice(0, room).map((file) => ({
      file,
      item: {
        key: crypto.randomUUID(),
        name: file.name,
        kind: file.type.startsWith('video/') ? 'video' : 'image',
        previewUrl: URL.createObjectURL(file),
        status: 'uploading',
        url: null,
      } satisfies MediaItem,
    }));
    if (added.length === 0) return;
    setItems((previous) => [...previous, ...added.map(({ item }) => item)]);
    void enqueueTaskGroup({
      name: t('submission.uploadTask'),
      steps: added.map(({ file, item }) => ({
        name: t('submission.uploading', { name: item.name }),
        run: async () => {
          try {
            const { url } = await uploadFile({ isLoggedIn: true, file, type, objectId: client.id });
            update(item.key, { status: 'done', url });
          } catch (error) {
            update(item.key, { status: 'failed' });
            const message = error instanceof Error ? error.message : String(error);
            showToast(`${t('submission.uploadFailed', { name: item.name })}: ${message}`, {
              tone: 'error',
              duration: 'long',
            });
          }
        },
      })),
    });
  }

  function remove(key: string) {
    const item = itemsRef.current.find((candidate) => candidate.key === key);
    if (item?.previewUrl.startsWith('blob:')) URL.revokeObjectURL(item.previewUrl);
    setItems((previous) => previous.filter((candidate) => candidate.key !== key));
  }

  const urls = items.flatMap((item) => (item.status === 'done' && item.url ? [item.url] : []));
  const isUploading = items.some((item) => item.status === 'uploading');
  return { items, add, remove, urls, isUploading, isFull: items.length >= max };
}

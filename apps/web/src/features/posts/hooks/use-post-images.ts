import { POST_IMAGES_MAX } from '@rally/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUser } from '../../../lib/auth';
import { useClient } from '../../../lib/client';
import { showToast } from '../../../lib/toast';
import { uploadFile } from '../../../lib/upload';

/** A picture added to a post: shown at once from the device, its URL set once uploaded. */
export interface PostImage {
  key: string;
  previewUrl: string;
  url: string | null;
}

/** Pictures of a post being written: uploaded with type 'post' as they are added, at most POST_IMAGES_MAX. */
export function usePostImages() {
  const { t } = useTranslation();
  const client = useClient();
  const user = useUser();
  const [images, setImages] = useState<PostImage[]>([]);

  async function add(files: readonly File[]) {
    const room = POST_IMAGES_MAX - images.length;
    if (files.length > room)
      showToast(t('feed.composer.tooManyImages', { max: POST_IMAGES_MAX }), { tone: 'error' });
    for (const file of files.slice(0, Math.max(room, 0))) {
      const key = `${file.name}-${Math.random().toString(36).slice(2)}`;
      setImages((list) => [...list, { key, previewUrl: URL.createObjectURL(file), url: null }]);
      try {
        const { url } = await uploadFile({
          isLoggedIn: user !== null,
          file,
          type: 'post',
          objectId: client.id,
        });
        setImages((list) => list.map((image) => (image.key === key ? { ...image, url } : image)));
      } catch (error) {
        setImages((list) => list.filter((image) => image.key !== key));
        showToast((error as Error).message, { tone: 'error', duration: 'long' });
      }
    }
  }

  const remove = (key: string) => setImages((list) => list.filter((image) => image.key !== key));
  const clear = () => setImages([]);
  const isUploading = images.some((image) => image.url === null);
  const urls = images.flatMap((image) => (image.url ? [image.url] : []));
  return { images, add, remove, clear, isUploading, urls };
}

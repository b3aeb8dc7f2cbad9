import { getDisplayName, type User } from '@rally/shared';
import { Camera } from 'lucide-react';
import type { ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Avatar } from '../../../components/ui/avatar';
import { useSetUser } from '../../../lib/auth';
import { enqueueTaskGroup } from '../../../lib/tasks';
import { uploadFile } from '../../../lib/upload';
import { updateProfile } from '../api/update-profile';

/** Picture with a "Change photo" control; upload and save run as a background task group. */
export function AvatarUpload({ user }: { user: User }) {
  const { t } = useTranslation();
  const setUser = useSetUser();

  const handleChange = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    let url = '';
    void enqueueTaskGroup({
      name: t('profile.photoTask'),
      steps: [
        {
          name: t('profile.photoUploading'),
          run: async () => {
            ({ url } = await uploadFile({
              isLoggedIn: true,
              file,
              type: 'avatar',
              objectId: user.client_id,
            }));
          },
        },
        {
          name: t('profile.photoSaving'),
          run: async () => {
            setUser((await updateProfile({ image_url: url })).user);
          },
        },
      ],
    });
  };

  return (
    <div className="flex items-center gap-4">
      <Avatar imageUrl={user.image_url} name={getDisplayName(user)} size="xl" />
      <div>
        <label className="inline-flex h-9 cursor-pointer items-center gap-2 rounded-xl border border-slate-300 bg-white px-3 text-sm font-semibold text-slate-800 shadow-sm hover:bg-slate-50 has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-brand-text">
          <Camera aria-hidden className="size-4" />
          {t('profile.changePhoto')}
          <input type="file" accept="image/*" className="sr-only" onChange={handleChange} />
        </label>
        <p className="mt-1.5 text-xs text-slate-500">{t('profile.photoHint')}</p>
      </div>
    </div>
  );
}

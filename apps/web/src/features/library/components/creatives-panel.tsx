import type { User } from '@rally/shared';
import { Images, Upload } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useDeleteCreative } from '../api/delete-creative';
import { useCreatives } from '../api/get-creatives';
import { CreativeCard } from './creative-card';
import { CreativeDialog } from './creative-dialog';
import { LibraryPanel } from './library-panel';

/** The Creatives tab: search, tag filter, a grid of thumbnails, upload and edit. */
export function CreativesPanel({ user }: { user: User }) {
  const { t } = useTranslation();
  return (
    <LibraryPanel
      user={user}
      kind="creatives"
      useItems={useCreatives}
      useDelete={useDeleteCreative}
      action={{ icon: Upload, label: t('library.creatives.upload') }}
      emptyIcon={Images}
      gridClassName="grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 lg:grid-cols-4"
      isTall
      renderCard={(creative, handlers) => <CreativeCard creative={creative} {...handlers} />}
      renderEditor={({ item, ...props }) => <CreativeDialog user={user} creative={item} {...props} />}
    />
  );
}

import type { Creative, User } from '@rally/shared';
import { useTranslation } from 'react-i18next';
import { useCreateCreative } from '../api/create-creative';
import { useUpdateCreative } from '../api/update-creative';
import { toCreativeRequest } from '../utils/creative-form';
import { CreativeForm } from './creative-form';
import { LibraryItemDialog } from './library-item-dialog';

interface CreativeDialogProps {
  user: User;
  /** The creative to edit, or null to upload a new one. */
  creative: Creative | null;
  isOpen: boolean;
  onClose: () => void;
}

/** Upload a creative, or rename, retag or replace one, in a dialog. */
export function CreativeDialog({ user, creative, isOpen, onClose }: CreativeDialogProps) {
  const { t } = useTranslation();
  return (
    <LibraryItemDialog
      itemId={creative?.id ?? null}
      title={t(creative ? 'library.creatives.editTitle' : 'library.creatives.upload')}
      isOpen={isOpen}
      onClose={onClose}
      create={useCreateCreative(user.id)}
      update={useUpdateCreative(user.id)}
      toRequest={toCreativeRequest}
      renderForm={(form) => <CreativeForm key={creative?.id ?? 'new'} creative={creative} {...form} />}
    />
  );
}

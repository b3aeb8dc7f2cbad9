import { type AdminTeam, CreateTeamRequestSchema, type User } from '@rally/shared';
import { ImagePlus } from 'lucide-react';
import { type ChangeEvent, type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Input, Textarea } from '../../../components/ui/input';
import { Modal } from '../../../components/ui/modal';
import { ResponsiveImage } from '../../../components/ui/responsive-image';
import { showToast } from '../../../lib/toast';
import { uploadFile } from '../../../lib/upload';
import { useCreateTeam, useUpdateTeam } from '../api/admin-teams';

interface TeamFormDialogProps {
  user: User;
  /** The team to edit, or null to create one. */
  team: AdminTeam | null;
  onClose: () => void;
}

/** Create or edit a team: name, description, picture (upload 'team-image') and whether members can join. */
export function TeamFormDialog({ user, team, onClose }: TeamFormDialogProps) {
  const { t } = useTranslation();
  const create = useCreateTeam(user.id);
  const update = useUpdateTeam(user.id);
  const mutation = team ? update : create;
  const [name, setName] = useState(team?.name ?? '');
  const [description, setDescription] = useState(team?.description ?? '');
  const [imageUrl, setImageUrl] = useState<string | null>(team?.image_url ?? null);
  const [isDiscoverable, setIsDiscoverable] = useState(team?.is_discoverable ?? true);
  const [isUploading, setIsUploading] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const word = t('words.team');

  const handleImage = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setIsUploading(true);
    try {
      const { url } = await uploadFile({
        isLoggedIn: true,
        file,
        type: 'team-image',
        objectId: user.client_id,
      });
      setImageUrl(url);
    } catch (error) {
      showToast((error as Error).message, { tone: 'error', duration: 'long' });
    } finally {
      setIsUploading(false);
    }
  };
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const body = { name, description, image_url: imageUrl, is_discoverable: isDiscoverable };
    const parsed = CreateTeamRequestSchema.safeParse(body);
    if (!parsed.success) {
      setErrors(
        Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0]), issue.message])),
      );
      return;
    }
    setErrors({});
    const onSuccess = () => {
      showToast(t(team ? 'adminPeople.teamSaved' : 'adminPeople.teamCreated', { name: parsed.data.name }), {
        tone: 'success',
      });
      onClose();
    };
    if (team) update.mutate({ id: team.id, ...body }, { onSuccess });
    else create.mutate(body, { onSuccess });
  };
  return (
    <Modal
      isOpen
      onClose={onClose}
      title={team ? t('adminPeople.editTeam', { name: team.name }) : t('adminPeople.newTeam', { team: word })}
      closeLabel={t('adminPeople.close')}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t('adminPeople.cancel')}
          </Button>
          <Button type="submit" form="team-form" isLoading={mutation.isPending} disabled={isUploading}>
            {team ? t('adminPeople.save') : t('adminPeople.create')}
          </Button>
        </>
      }
    >
      <form id="team-form" className="space-y-4" onSubmit={handleSubmit} noValidate>
        {mutation.error && <Alert tone="error">{mutation.error.message}</Alert>}
        <div className="flex items-center gap-4">
          {imageUrl ? (
            <ResponsiveImage
              src={imageUrl}
              alt=""
              sizes="64px"
              width={64}
              height={64}
              className="size-16 rounded-2xl object-cover"
            />
          ) : (
            <span className="flex size-16 items-center justify-center rounded-2xl bg-slate-100 text-slate-400">
              <ImagePlus aria-hidden className="size-6" />
            </span>
          )}
          <div className="flex flex-wrap gap-2">
            <label className="inline-flex h-9 cursor-pointer items-center rounded-xl border border-slate-300 bg-white px-3 text-sm font-semibold text-slate-800 shadow-sm hover:bg-slate-50 has-focus-visible:outline-2 has-focus-visible:outline-brand-text">
              {isUploading ? t('adminPeople.uploading') : t('adminPeople.choosePicture')}
              <input type="file" accept="image/*" className="sr-only" onChange={handleImage} />
            </label>
            {imageUrl && (
              <Button variant="ghost" size="sm" onClick={() => setImageUrl(null)}>
                {t('adminPeople.removePicture')}
              </Button>
            )}
          </div>
        </div>
        <Field label={t('adminPeople.teamName')} error={errors.name}>
          {(control) => (
            <Input
              {...control}
              value={name}
              onChange={(event) => setName(event.target.value)}
              maxLength={80}
              required
            />
          )}
        </Field>
        <Field label={t('adminPeople.teamDescription')} error={errors.description}>
          {(control) => (
            <Textarea
              {...control}
              value={description}
              onChange={(event) => setDescription(event.target.value)}
              rows={3}
            />
          )}
        </Field>
        <label className="flex items-start gap-3">
          <input
            type="checkbox"
            checked={isDiscoverable}
            onChange={(event) => setIsDiscoverable(event.target.checked)}
            className="mt-0.5 size-4 rounded border-slate-300 accent-(--color-primary-text)"
          />
          <span>
            <span className="block text-sm font-medium text-slate-800">{t('adminPeople.discoverable')}</span>
            <span className="block text-sm text-slate-500">
              {t('adminPeople.discoverableHint', { team: word.toLocaleLowerCase() })}
            </span>
          </span>
        </label>
      </form>
    </Modal>
  );
}

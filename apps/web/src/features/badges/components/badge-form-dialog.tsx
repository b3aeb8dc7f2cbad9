import type { AdminBadge, User } from '@rally/shared';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { ImagePickerButtons } from '../../../components/ui/image-picker-buttons';
import { Input, Textarea } from '../../../components/ui/input';
import { Modal } from '../../../components/ui/modal';
import { useUploadTask } from '../../../hooks/use-upload-task';
import { showToast } from '../../../lib/toast';
import { useCreateBadge, useUpdateBadge } from '../api/admin-badges';
import {
  type BadgeFormErrors,
  type BadgeFormValues,
  formFromBadge,
  isRuleChanged,
  validateBadgeForm,
} from '../utils/badge-form';
import { BadgePicture } from './badge-picture';
import { BadgeRuleFields } from './badge-rule-fields';

interface BadgeFormDialogProps {
  user: User;
  /** The badge to edit, or null to create one. */
  badge: AdminBadge | null;
  onClose: () => void;
  /** A save that recomputes every member (a new counted badge, or a changed rule): follow it in the banner. */
  onRecompute: (badge: AdminBadge) => void;
}

/**
 * Create or edit a badge: name, picture (an upload, or the medal generated in the client's colours), description,
 * hidden until earned, and its rule (criterion with its options; one target or bronze/silver/gold tiers).
 */
export function BadgeFormDialog({ user, badge, onClose, onRecompute }: BadgeFormDialogProps) {
  const { t } = useTranslation();
  const create = useCreateBadge(user.id);
  const update = useUpdateBadge(user.id);
  const mutation = badge ? update : create;
  const [values, setValues] = useState<BadgeFormValues>(() => formFromBadge(badge));
  const [errors, setErrors] = useState<BadgeFormErrors>({});
  const upload = useUploadTask('client-logo', {
    group: t('adminBadges.form.uploadGroup'),
    step: (name) => t('adminBadges.form.uploading', { name }),
    failed: t('adminBadges.form.uploadFailed'),
  });
  const change = (patch: Partial<BadgeFormValues>) => setValues((v) => ({ ...v, ...patch }));

  const handleFile = async (file: File) => {
    const url = await upload.upload(file);
    if (url) change({ imageUrl: url });
  };
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const checked = validateBadgeForm(values);
    if (!checked.body) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    const body = checked.body;
    const onSuccess = ({ badge: saved }: { badge: AdminBadge }) => {
      showToast(t(badge ? 'adminBadges.saved' : 'adminBadges.created', { name: saved.name }), {
        tone: 'success',
      });
      onClose();
      const recomputes = !badge || isRuleChanged(badge, body);
      if (recomputes && saved.recompute_percent !== null) onRecompute(saved);
    };
    if (badge) update.mutate({ id: badge.id, ...body }, { onSuccess });
    else create.mutate(body, { onSuccess });
  };

  return (
    <Modal
      isOpen
      onClose={onClose}
      size="lg"
      title={badge ? t('adminBadges.form.editTitle', { name: badge.name }) : t('adminBadges.form.newTitle')}
      closeLabel={t('adminBadges.close')}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t('adminBadges.cancel')}
          </Button>
          <Button
            type="submit"
            form="badge-form"
            isLoading={mutation.isPending}
            disabled={upload.isUploading}
          >
            {badge ? t('adminBadges.save') : t('adminBadges.create')}
          </Button>
        </>
      }
    >
      <form id="badge-form" className="space-y-5" onSubmit={handleSubmit} noValidate>
        {mutation.error && <Alert tone="error">{mutation.error.message}</Alert>}
        {errors.form && <Alert tone="error">{errors.form}</Alert>}
        <Field label={t('adminBadges.form.name')} error={errors.name}>
          {(control) => (
            <Input
              {...control}
              value={values.name}
              onChange={(e) => change({ name: e.target.value })}
              required
            />
          )}
        </Field>
        <div className="space-y-2">
          <p className="text-sm font-medium text-slate-800" id="badge-picture-label">
            {t('adminBadges.form.picture')}
          </p>
          <div className="flex flex-wrap items-center gap-3">
            <BadgePicture
              name={values.name}
              imageUrl={values.imageUrl}
              alt={t('adminBadges.form.preview', { name: values.name || t('adminBadges.form.newTitle') })}
              size={64}
            />
            <ImagePickerButtons
              hasImage={values.imageUrl !== null}
              isBusy={upload.isUploading}
              labels={{
                upload: t('adminBadges.form.upload'),
                change: t('adminBadges.form.changePicture'),
                remove: t('adminBadges.form.useGenerated'),
              }}
              srLabel={t('adminBadges.form.pictureSr')}
              onFile={(file) => void handleFile(file)}
              onRemove={() => change({ imageUrl: null })}
            />
          </div>
          <p className="text-sm text-slate-500">
            {values.imageUrl ? t('adminBadges.form.uploadedHint') : t('adminBadges.form.generatedHint')}
          </p>
          {(upload.error || errors.image) && (
            <p className="text-sm font-medium text-red-600">{upload.error ?? errors.image}</p>
          )}
        </div>
        <Field label={t('adminBadges.form.description')} error={errors.description}>
          {(control) => (
            <Textarea
              {...control}
              rows={3}
              value={values.description}
              onChange={(e) => change({ description: e.target.value })}
            />
          )}
        </Field>
        <label className="flex items-start gap-3">
          <input
            type="checkbox"
            checked={values.hidden}
            onChange={(e) => change({ hidden: e.target.checked })}
            className="mt-0.5 size-4 rounded border-slate-300 accent-(--color-primary-text)"
          />
          <span>
            <span className="block text-sm font-medium text-slate-800">{t('adminBadges.form.hidden')}</span>
            <span className="block text-sm text-slate-600">{t('adminBadges.form.hiddenHint')}</span>
          </span>
        </label>
        <BadgeRuleFields values={values} errors={errors} onChange={change} />
        {badge && badge.criterion !== 'manual' && (
          <p className="text-sm text-slate-600">{t('adminBadges.form.recomputeHint')}</p>
        )}
      </form>
    </Modal>
  );
}

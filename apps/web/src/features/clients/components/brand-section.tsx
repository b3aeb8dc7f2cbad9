import { Controller, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import type { SettingsFormValues } from '../utils/settings-form';
import { BrandPreview } from './brand-preview';
import { ColorField } from './color-field';
import { ImageField } from './image-field';
import { SectionCard } from './section-card';

const IMAGES = [
  { name: 'image_url', type: 'client-logo', label: 'logo', shape: 'size-16' },
  { name: 'home_image_url', type: 'client-home-image', label: 'homeImage', shape: 'size-16' },
  { name: 'favicon_url', type: 'favicon', label: 'favicon', shape: 'size-10' },
] as const;

/** Name, logo, home image, favicon and colours, with a live preview in the chosen colours. */
export function BrandSection() {
  const { t } = useTranslation();
  const { register, control, formState } = useFormContext<SettingsFormValues>();
  const { errors } = formState;
  return (
    <SectionCard title={t('adminGeneral.brand.title')} description={t('adminGeneral.brand.description')}>
      <Field
        label={t('adminGeneral.brand.name')}
        hint={t('adminGeneral.brand.nameHint')}
        error={errors.name?.message}
      >
        {(controlProps) => <Input {...controlProps} {...register('name')} autoComplete="organization" />}
      </Field>
      <div className="grid gap-4 md:grid-cols-3">
        {IMAGES.map((image) => (
          <Controller
            key={image.name}
            control={control}
            name={image.name}
            render={({ field, fieldState }) => (
              <ImageField
                label={t(`adminGeneral.brand.${image.label}`)}
                hint={t(`adminGeneral.brand.${image.label}Hint`)}
                type={image.type}
                previewClassName={image.shape}
                value={field.value}
                onChange={field.onChange}
                error={fieldState.error?.message}
              />
            )}
          />
        ))}
      </div>
      <div className="grid gap-5 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
        <div className="space-y-4">
          <ColorField name="primary_color" label={t('adminGeneral.brand.primaryColor')} showContrast />
          <ColorField name="secondary_color" label={t('adminGeneral.brand.secondaryColor')} />
        </div>
        <BrandPreview />
      </div>
    </SectionCard>
  );
}

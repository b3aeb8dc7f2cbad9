import type { User } from '@rally/shared';
import { Controller, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { useCreativeOptions } from '../api/get-creative-options';
import { useTemplateOptions } from '../api/get-template-options';
import type { ActivityFormValues } from '../utils/activity-form';
import { useActivityFieldError } from './activity-form-context';
import { ChannelsField } from './channels-field';
import { CreativePicker } from './creative-picker';
import { TemplatePicker } from './template-picker';

/**
 * Personal Page: a library template, library creatives, the channels members may share to, and where the
 * members' tracked links take their visitors (optional).
 */
export function SocialPostFields({ user }: { user: User }) {
  const { t } = useTranslation();
  const { control, register } = useFormContext<ActivityFormValues>();
  const templates = useTemplateOptions(user.id);
  const creatives = useCreativeOptions(user.id);
  const errors = {
    template: useActivityFieldError('template_id'),
    creatives: useActivityFieldError('creative_ids'),
    channels: useActivityFieldError('channels'),
    destination: useActivityFieldError('destination_url'),
  };
  return (
    <>
      <Controller
        control={control}
        name="template_id"
        render={({ field }) => (
          <TemplatePicker
            templates={templates.data}
            loadError={templates.error}
            value={field.value}
            onChange={field.onChange}
            error={errors.template}
          />
        )}
      />
      <Controller
        control={control}
        name="creative_ids"
        render={({ field }) => (
          <CreativePicker
            creatives={creatives.data}
            loadError={creatives.error}
            value={field.value}
            onChange={field.onChange}
            error={errors.creatives}
          />
        )}
      />
      <Controller
        control={control}
        name="channels"
        render={({ field }) => (
          <ChannelsField value={field.value} onChange={field.onChange} error={errors.channels} />
        )}
      />
      <Field
        label={t('shareLinks.destination')}
        hint={t('shareLinks.destinationHint')}
        error={errors.destination}
      >
        {(controlProps) => (
          <Input
            {...controlProps}
            {...register('destination_url')}
            type="url"
            inputMode="url"
            placeholder="https://"
          />
        )}
      </Field>
    </>
  );
}

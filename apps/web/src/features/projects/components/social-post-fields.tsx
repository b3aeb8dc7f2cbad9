import type { User } from '@rally/shared';
import { Controller, useFormContext } from 'react-hook-form';
import { useCreativeOptions } from '../api/get-creative-options';
import { useTemplateOptions } from '../api/get-template-options';
import type { ActivityFormValues } from '../utils/activity-form';
import { useActivityFieldError } from './activity-form-context';
import { ChannelsField } from './channels-field';
import { CreativePicker } from './creative-picker';
import { TemplatePicker } from './template-picker';

/** Personal Page: a library template, library creatives and the channels members may share to. */
export function SocialPostFields({ user }: { user: User }) {
  const { control } = useFormContext<ActivityFormValues>();
  const templates = useTemplateOptions(user.id);
  const creatives = useCreativeOptions(user.id);
  const errors = {
    template: useActivityFieldError('template_id'),
    creatives: useActivityFieldError('creative_ids'),
    channels: useActivityFieldError('channels'),
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
    </>
  );
}

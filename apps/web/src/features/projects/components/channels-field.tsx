import type { SocialChannel } from '@rally/shared';
import { useTranslation } from 'react-i18next';
import { useClient } from '../../../lib/client';

interface ChannelsFieldProps {
  value: SocialChannel[];
  onChange: (channels: SocialChannel[]) => void;
  error?: string;
}

/** The channels members may share to: a subset of the client's; none checked means all of them. */
export function ChannelsField({ value, onChange, error }: ChannelsFieldProps) {
  const { t } = useTranslation();
  const client = useClient();
  const toggle = (channel: SocialChannel, checked: boolean) =>
    onChange(checked ? [...value, channel] : value.filter((c) => c !== channel));
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-medium text-slate-800">{t('adminProjects.social.channels')}</legend>
      <div className="flex flex-wrap gap-2">
        {client.channels.map((channel) => (
          <label
            key={channel}
            className="flex h-10 cursor-pointer items-center gap-2 rounded-xl border border-slate-300 bg-white px-3 text-sm font-medium text-slate-800 has-checked:border-brand-text has-checked:bg-brand/5"
          >
            <input
              type="checkbox"
              checked={value.includes(channel)}
              onChange={(event) => toggle(channel, event.target.checked)}
              className="size-4 rounded accent-(--color-primary-text)"
            />
            {t(`channels.${channel}`)}
          </label>
        ))}
      </div>
      <p className="text-sm text-slate-500">{t('adminProjects.social.channelsHint')}</p>
      {error && <p className="text-sm font-medium text-red-600">{error}</p>}
    </fieldset>
  );
}

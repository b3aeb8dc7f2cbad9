import { getContrastText } from '@rally/shared';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ResponsiveImage } from '../../../components/ui/responsive-image';
import type { SettingsFormValues } from '../utils/settings-form';

const HEX = /^#[0-9a-fA-F]{6}$/;
const safe = (hex: string, fallback: string) => (HEX.test(hex) ? hex : fallback);

/** A small header, button and badge painted in the colours being edited, before they are saved. */
export function BrandPreview() {
  const { t } = useTranslation();
  const [name, logo, primaryValue, secondaryValue, projects] = useWatch<SettingsFormValues>({
    name: ['name', 'image_url', 'primary_color', 'secondary_color', 'project.plural'],
  }) as [string, string | null, string, string, string];
  const primary = safe(primaryValue, '#007E97');
  const secondary = safe(secondaryValue, '#6BF15C');
  const onPrimary = getContrastText(primary);

  return (
    <figure className="space-y-2">
      <figcaption className="text-sm font-medium text-slate-800">
        {t('adminGeneral.brand.livePreview')}
      </figcaption>
      <div aria-hidden className="overflow-hidden rounded-xl border border-slate-200 bg-slate-50">
        <div
          className="flex items-center gap-3 px-4 py-3"
          style={{ backgroundColor: primary, color: onPrimary }}
        >
          {logo ? (
            <ResponsiveImage
              src={logo}
              alt=""
              sizes="32px"
              width={32}
              height={32}
              className="size-8 rounded-lg bg-white/90 object-contain"
            />
          ) : (
            <span className="size-8 rounded-lg bg-white/30" />
          )}
          <span className="truncate font-semibold">{name || '—'}</span>
        </div>
        <div className="space-y-3 p-4">
          <div className="flex items-center gap-2">
            <span className="font-semibold text-slate-900">{projects}</span>
            <span
              className="rounded-full px-2 py-0.5 text-xs font-semibold"
              style={{ backgroundColor: secondary, color: getContrastText(secondary) }}
            >
              {t('adminGeneral.brand.previewBadge')}
            </span>
          </div>
          <span
            className="inline-flex h-10 items-center rounded-xl px-4 text-sm font-semibold shadow-sm"
            style={{ backgroundColor: primary, color: onPrimary }}
          >
            {t('adminGeneral.brand.previewButton')}
          </span>
        </div>
      </div>
    </figure>
  );
}

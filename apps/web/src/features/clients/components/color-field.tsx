import { AA_TEXT_CONTRAST, getColorAccessibility, getContrastText } from '@rally/shared';
import { useId } from 'react';
import { Controller, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { Input } from '../../../components/ui/input';
import type { SettingsFormValues } from '../utils/settings-form';

const HEX = /^#[0-9a-fA-F]{6}$/;

/** True when white text on this colour is hard to read, so the app uses black text on it (palette rules). */
export const isWhiteTextHardToRead = (hex: string) => HEX.test(hex) && getContrastText(hex) === '#000000';

interface ColorFieldProps {
  name: 'primary_color' | 'secondary_color';
  label: string;
  /** Warn when white text on the colour is hard to read. */
  showContrast?: boolean;
}

/** A colour: the browser's colour picker beside its hex code, both editing the same value. */
export function ColorField({ name, label, showContrast = false }: ColorFieldProps) {
  const { t } = useTranslation();
  const id = useId();
  const { control } = useFormContext<SettingsFormValues>();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => {
        const error = fieldState.error?.message;
        const describedBy = [`${id}-hint`, error ? `${id}-error` : null].filter(Boolean).join(' ');
        return (
          <div className="space-y-1.5">
            <label htmlFor={`${id}-hex`} className="block text-sm font-medium text-slate-800">
              {label}
            </label>
            <div className="flex items-center gap-2">
              <input
                type="color"
                aria-label={t('adminGeneral.brand.colorPicker', { label })}
                value={HEX.test(field.value) ? field.value.toLowerCase() : '#000000'}
                onChange={(event) => field.onChange(event.target.value.toUpperCase())}
                className="h-11 w-14 shrink-0 cursor-pointer rounded-xl border border-slate-300 bg-white p-1"
              />
              <Input
                id={`${id}-hex`}
                ref={field.ref}
                value={field.value}
                onChange={(event) => field.onChange(event.target.value.trim())}
                onBlur={field.onBlur}
                aria-describedby={describedBy}
                aria-invalid={error ? true : undefined}
                maxLength={7}
                spellCheck={false}
                autoComplete="off"
                className="font-mono uppercase"
              />
            </div>
            <p id={`${id}-hint`} className="text-xs text-slate-500">
              {t('adminGeneral.brand.colorHint')}
            </p>
            {error && (
              <p id={`${id}-error`} className="text-sm font-medium text-red-600">
                {error}
              </p>
            )}
            {HEX.test(field.value) && <ContrastReport color={field.value} />}
            {showContrast && isWhiteTextHardToRead(field.value) && (
              <Alert tone="info">{t('adminGeneral.brand.contrastWarning')}</Alert>
            )}
          </div>
        );
      }}
    />
  );
}

/**
 * Warns, with the computed WCAG ratio, when the colour is too light for text on white (and shows the darker
 * variant the app writes brand-coloured text in instead), or when no text colour reaches AA on the colour itself.
 */
function ContrastReport({ color }: { color: string }) {
  const { t } = useTranslation();
  const report = getColorAccessibility(color);
  const min = AA_TEXT_CONTRAST;
  if (report.isTextOnWhiteOk && report.isForegroundOk) return null;
  return (
    <Alert tone="warning">
      {!report.isTextOnWhiteOk && (
        <p>
          {t('adminGeneral.brand.contrastOnWhite', { ratio: report.onWhite, min })}{' '}
          {t('adminGeneral.brand.contrastTextVariant')}{' '}
          <span
            aria-hidden
            data-testid="accessible-variant"
            className="mr-1 inline-block size-3.5 rounded border border-slate-300 align-[-0.125rem]"
            style={{ backgroundColor: report.textColor }}
          />
          <span className="font-mono font-semibold">{report.textColor}</span>.
        </p>
      )}
      {!report.isForegroundOk && (
        <p>{t('adminGeneral.brand.contrastOnColor', { ratio: report.foregroundRatio, min })}</p>
      )}
    </Alert>
  );
}

import type { Creative } from '@rally/shared';
import { Check, Film } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Input } from '../../../components/ui/input';
import { ResponsiveImage } from '../../../components/ui/responsive-image';

const MAX_CREATIVES = 10;

interface CreativePickerProps {
  creatives: Creative[] | undefined;
  loadError: Error | null;
  value: string[];
  onChange: (ids: string[]) => void;
  error?: string;
}

function Thumb({ creative }: { creative: Creative }) {
  if (creative.kind === 'video') {
    return (
      <span className="relative block size-full">
        <video src={creative.url} muted preload="metadata" className="size-full object-cover" />
        <Film aria-hidden className="absolute bottom-1.5 left-1.5 size-4 text-white drop-shadow" />
      </span>
    );
  }
  return (
    <ResponsiveImage
      src={creative.url}
      alt=""
      sizes="(min-width: 640px) 120px, 33vw"
      width={120}
      height={120}
      className="size-full object-cover"
    />
  );
}

/** Library creatives to attach (up to 10) as checkable thumbnails, with a search by name or tag. */
export function CreativePicker({ creatives = [], loadError, value, onChange, error }: CreativePickerProps) {
  const { t } = useTranslation();
  const [query, setQuery] = useState('');
  const needle = query.trim().toLowerCase();
  const shown = needle
    ? creatives.filter((c) => `${c.name} ${c.tags.join(' ')}`.toLowerCase().includes(needle))
    : creatives;
  const isFull = value.length >= MAX_CREATIVES;
  const toggle = (id: string, checked: boolean) =>
    onChange(checked ? [...value, id] : value.filter((current) => current !== id));

  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-medium text-slate-800">{t('adminProjects.social.creatives')}</legend>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-slate-500">
          {t('adminProjects.social.creativesHint', { max: MAX_CREATIVES, count: value.length })}
        </p>
        {creatives.length > 6 && (
          <Input
            type="search"
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            aria-label={t('adminProjects.social.searchCreatives')}
            placeholder={t('adminProjects.social.searchCreatives')}
            className="h-9 w-full text-sm sm:w-56"
          />
        )}
      </div>
      {creatives.length === 0 && !loadError ? (
        <p className="text-sm text-slate-500">
          {t('adminProjects.social.noCreatives')}{' '}
          <Link to="/admin/library?tab=creatives" className="font-medium text-brand-text underline">
            {t('adminProjects.social.openLibrary')}
          </Link>
        </p>
      ) : (
        <ul className="grid max-h-72 grid-cols-3 gap-2 overflow-y-auto p-0.5 sm:grid-cols-5">
          {shown.map((creative) => {
            const isChecked = value.includes(creative.id);
            return (
              <li key={creative.id}>
                <label className="group block cursor-pointer rounded-xl border-2 border-transparent p-0.5 has-checked:border-brand-text has-disabled:cursor-not-allowed has-disabled:opacity-50 has-focus-visible:outline-2 has-focus-visible:outline-brand-text">
                  <input
                    type="checkbox"
                    className="sr-only"
                    checked={isChecked}
                    disabled={!isChecked && isFull}
                    onChange={(event) => toggle(creative.id, event.target.checked)}
                  />
                  <span className="relative block aspect-square overflow-hidden rounded-lg bg-slate-100">
                    <Thumb creative={creative} />
                    <span className="absolute top-1 right-1 hidden size-5 items-center justify-center rounded-full bg-brand text-brand-contrast group-has-checked:flex">
                      <Check aria-hidden className="size-3.5" />
                    </span>
                  </span>
                  <span className="mt-1 block truncate px-0.5 text-xs text-slate-700">{creative.name}</span>
                </label>
              </li>
            );
          })}
        </ul>
      )}
      {loadError && <p className="text-sm text-red-600">{loadError.message}</p>}
      {error && <p className="text-sm font-medium text-red-600">{error}</p>}
    </fieldset>
  );
}

import {
  Combobox,
  ComboboxButton,
  ComboboxInput,
  ComboboxOption,
  ComboboxOptions,
  Field,
  Label,
} from '@headlessui/react';
import { fillTemplate, type Template } from '@rally/shared';
import { Check, ChevronsUpDown } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { HashtagText } from '../../../components/ui/hashtag-text';

interface TemplatePickerProps {
  templates: Template[] | undefined;
  loadError: Error | null;
  value: string | null;
  onChange: (id: string | null) => void;
  error?: string;
}

const matches = (template: Template, query: string) =>
  `${template.name} ${template.body} ${template.tags.join(' ')}`.toLowerCase().includes(query.toLowerCase());

/** A searchable choice of a library template, with a preview of the chosen one (defaults filled in). */
export function TemplatePicker({ templates = [], loadError, value, onChange, error }: TemplatePickerProps) {
  const { t } = useTranslation();
  const [query, setQuery] = useState('');
  const selected = templates.find((template) => template.id === value) ?? null;
  const shown = query ? templates.filter((template) => matches(template, query)) : templates;
  const values = Object.fromEntries(selected?.placeholders.map((p) => [p.id, p.value]) ?? []);
  return (
    <Field className="space-y-1.5">
      <Label className="block text-sm font-medium text-slate-800">{t('adminProjects.social.template')}</Label>
      <Combobox
        value={selected}
        by="id"
        onChange={(template: Template | null) => onChange(template?.id ?? null)}
        onClose={() => setQuery('')}
        immediate
      >
        <div className="relative">
          <ComboboxInput
            aria-invalid={error ? true : undefined}
            displayValue={(template: Template | null) => template?.name ?? ''}
            onChange={(event) => setQuery(event.target.value)}
            placeholder={t('adminProjects.social.templatePlaceholder')}
            className="block h-11 w-full rounded-xl border border-slate-300 bg-white pr-10 pl-3.5 text-base shadow-xs focus:border-brand-text focus:outline-none focus:ring-3 focus:ring-brand/25 aria-invalid:border-red-500"
          />
          <ComboboxButton className="absolute inset-y-0 right-0 flex items-center px-3 text-slate-500">
            <ChevronsUpDown aria-hidden className="size-4" />
          </ComboboxButton>
        </div>
        <ComboboxOptions
          anchor="bottom start"
          className="z-[60] max-h-64 w-(--input-width) overflow-y-auto rounded-xl border border-slate-200 bg-white p-1 shadow-lg [--anchor-gap:4px] empty:invisible"
        >
          {shown.map((template) => (
            <ComboboxOption
              key={template.id}
              value={template}
              className="group flex cursor-pointer items-start gap-2 rounded-lg px-3 py-2 data-focus:bg-brand/10"
            >
              <Check
                aria-hidden
                className="invisible mt-0.5 size-4 shrink-0 text-brand-text group-data-selected:visible"
              />
              <span className="min-w-0">
                <span className="block text-sm font-medium text-slate-900">{template.name}</span>
                <span className="block truncate text-xs text-slate-500">{template.body}</span>
              </span>
            </ComboboxOption>
          ))}
        </ComboboxOptions>
      </Combobox>
      {templates.length === 0 && !loadError && (
        <p className="text-sm text-slate-500">
          {t('adminProjects.social.noTemplates')}{' '}
          <Link to="/admin/library" className="font-medium text-brand-text underline">
            {t('adminProjects.social.openLibrary')}
          </Link>
        </p>
      )}
      {loadError && <p className="text-sm text-red-600">{loadError.message}</p>}
      {error && <p className="text-sm font-medium text-red-600">{error}</p>}
      {selected && (
        <div className="space-y-2 rounded-xl border border-slate-200 bg-slate-50 p-3 text-sm text-slate-700">
          <HashtagText text={fillTemplate(selected.body, values)} />
          <button
            type="button"
            onClick={() => onChange(null)}
            className="text-sm font-medium text-slate-600 underline hover:text-slate-900"
          >
            {t('adminProjects.social.clearTemplate')}
          </button>
        </div>
      )}
    </Field>
  );
}

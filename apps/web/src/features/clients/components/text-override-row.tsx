import { STRING_VALUE_MAX } from '@rally/shared';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Input, Textarea } from '../../../components/ui/input';
import type { CatalogText } from '../utils/text-catalog';

interface TextOverrideRowProps {
  entry: CatalogText;
  /** The language's tag, so the app text and the input are read in it. */
  lang: string;
  /** The saved override, or null. */
  saved: string | null;
  /** A change not saved yet: a text, '' or null to clear; undefined when there is none. */
  draft: string | null | undefined;
  preview: (text: string) => string;
  onChange: (value: string | null | undefined) => void;
}

/** One text of the words editor: its key, the app's text, the admin's own (with a preview), clear and undo. */
export function TextOverrideRow({ entry, lang, saved, draft, preview, onChange }: TextOverrideRowProps) {
  const { t } = useTranslation();
  const value = draft === undefined ? (saved ?? '') : (draft ?? '');
  const isPending = draft !== undefined;
  const isTooLong = value.length > STRING_VALUE_MAX;
  const isLong = entry.text.length > 80 || value.length > 80;
  const Control = isLong ? Textarea : Input;
  return (
    <li className="space-y-2 py-4">
      <div className="flex flex-wrap items-center gap-2">
        <code className="break-all rounded bg-slate-100 px-1.5 py-0.5 text-xs text-slate-700">
          {entry.key}
        </code>
        {saved !== null && !isPending && <Badge tone="brand">{t('languages.editor.changed')}</Badge>}
        {isPending && <Badge tone="warning">{t('languages.editor.unsaved')}</Badge>}
      </div>
      <p className="text-sm text-slate-600">
        <span className="font-medium text-slate-700">{t('languages.editor.appText')}: </span>
        <span lang={lang}>{entry.text}</span>
      </p>
      <Field
        label={<span className="sr-only">{t('languages.editor.yourTextFor', { key: entry.key })}</span>}
        error={isTooLong ? t('languages.editor.tooLong', { max: STRING_VALUE_MAX }) : undefined}
      >
        {(control) => (
          <Control
            {...control}
            lang={lang}
            value={value}
            placeholder={entry.text}
            rows={isLong ? 3 : undefined}
            onChange={(event) =>
              onChange(event.target.value === (saved ?? '') ? undefined : event.target.value)
            }
          />
        )}
      </Field>
      {value && value !== entry.text && (
        <p className="text-sm text-slate-700">
          <span className="font-medium">{t('languages.editor.preview')}: </span>
          <span lang={lang}>{preview(value)}</span>
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        {(saved !== null || value !== '') && (
          <Button
            type="button"
            variant="secondary"
            size="sm"
            onClick={() => onChange(saved === null ? undefined : null)}
          >
            {t('languages.editor.clear')}
          </Button>
        )}
        {isPending && (
          <Button type="button" variant="ghost" size="sm" onClick={() => onChange(undefined)}>
            {t('languages.editor.undo')}
          </Button>
        )}
      </div>
    </li>
  );
}

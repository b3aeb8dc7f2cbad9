import { Plus, X } from 'lucide-react';
import { useState } from 'react';
import type { FieldError, Merge } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';

const MAX_CHOICES = 20;
const MIN_CHOICES = 2;

interface ChoicesEditorProps {
  value: string[];
  onChange: (choices: string[]) => void;
  /** About the list as a whole (e.g. too few). */
  error?: string;
  itemErrors?: Merge<FieldError, (FieldError | undefined)[]>;
}

/** The choices of a multiple-choice question: edit, add (up to 20) and remove (down to 2). */
export function ChoicesEditor({ value, onChange, error, itemErrors }: ChoicesEditorProps) {
  const { t } = useTranslation();
  const [focusIndex, setFocusIndex] = useState<number | null>(null);
  const setAt = (index: number, text: string) => onChange(value.map((c, i) => (i === index ? text : c)));
  const handleAdd = () => {
    setFocusIndex(value.length);
    onChange([...value, '']);
  };
  return (
    <fieldset className="space-y-2">
      <legend className="mb-2 text-sm font-medium text-slate-800">
        {t('adminProjects.activityForm.choices')}
      </legend>
      <ol className="space-y-2">
        {value.map((choice, index) => {
          const label = t('adminProjects.activityForm.choiceLabel', { n: index + 1 });
          const itemError = itemErrors?.[index]?.message;
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: choices are plain strings; the position is their identity.
            <li key={index}>
              <div className="flex items-center gap-2">
                <span aria-hidden className="w-5 text-right text-sm text-slate-500 tabular-nums">
                  {index + 1}.
                </span>
                <Input
                  value={choice}
                  onChange={(event) => setAt(index, event.target.value)}
                  aria-label={label}
                  aria-invalid={itemError ? true : undefined}
                  autoFocus={index === focusIndex}
                  className="flex-1"
                />
                <Button
                  variant="ghost"
                  size="sm"
                  className="w-9 px-0"
                  aria-label={t('adminProjects.activityForm.removeChoice', { n: index + 1 })}
                  disabled={value.length <= MIN_CHOICES}
                  onClick={() => onChange(value.filter((_, i) => i !== index))}
                >
                  <X aria-hidden className="size-4" />
                </Button>
              </div>
              {itemError && <p className="mt-1 pl-7 text-sm font-medium text-red-600">{itemError}</p>}
            </li>
          );
        })}
      </ol>
      {error && <p className="text-sm font-medium text-red-600">{error}</p>}
      <Button variant="secondary" size="sm" onClick={handleAdd} disabled={value.length >= MAX_CHOICES}>
        <Plus aria-hidden className="size-4" />
        {t('adminProjects.activityForm.addChoice')}
      </Button>
    </fieldset>
  );
}

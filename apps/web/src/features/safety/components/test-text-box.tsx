import { SAFETY_CHECK_TEXT_MAX, type SafetyCheckResponse, splitSafetyMatches } from '@rally/shared';
import { clsx } from 'clsx';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Textarea } from '../../../components/ui/input';
import { useCheckSafetyText } from '../api/check-safety-text';
import { HighlightedSegments } from './highlighted-segments';

const OUTCOME_TONES = {
  blocked: 'border-red-200 bg-red-50 text-red-800',
  non_word: 'border-red-200 bg-red-50 text-red-800',
  flagged: 'border-amber-200 bg-amber-50 text-amber-900',
  clean: 'border-emerald-200 bg-emerald-50 text-emerald-800',
} as const;

/** "Test a text": what would happen to a member's text with the lists and setting as they are now. */
export function TestTextBox() {
  const { t } = useTranslation();
  const id = useId();
  const [text, setText] = useState('');
  const check = useCheckSafetyText();
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (text.trim()) check.mutate(text);
  };
  return (
    <Card className="p-4 sm:p-5">
      <form onSubmit={handleSubmit} className="space-y-3" aria-labelledby={`${id}-heading`}>
        <div>
          <h3 id={`${id}-heading`} className="font-semibold text-slate-900">
            {t('safety.test.heading')}
          </h3>
          <p className="text-sm text-slate-600">{t('safety.test.intro')}</p>
        </div>
        <label htmlFor={`${id}-text`} className="sr-only">
          {t('safety.test.label')}
        </label>
        <Textarea
          id={`${id}-text`}
          value={text}
          onChange={(e) => setText(e.target.value)}
          maxLength={SAFETY_CHECK_TEXT_MAX}
          placeholder={t('safety.test.placeholder')}
        />
        <Button type="submit" variant="secondary" isLoading={check.isPending} disabled={!text.trim()}>
          {t('safety.test.submit')}
        </Button>
        {check.isError && <Alert tone="error">{check.error.message}</Alert>}
        {check.data && <CheckResult text={check.variables ?? ''} result={check.data} />}
      </form>
    </Card>
  );
}

function CheckResult({ text, result }: { text: string; result: SafetyCheckResponse }) {
  const { t } = useTranslation();
  const outcome =
    result.outcome === 'flagged' ? (result.is_held ? 'flaggedHold' : 'flaggedPublish') : result.outcome;
  return (
    <div
      role="status"
      className={clsx('space-y-2 rounded-xl border px-3.5 py-3 text-sm', OUTCOME_TONES[result.outcome])}
    >
      <p className="font-semibold">{t(`safety.test.outcome.${outcome}`)}</p>
      {result.matches.length > 0 && (
        <HighlightedSegments
          segments={splitSafetyMatches(text, result.matches)}
          className="rounded-lg bg-white/70 p-2"
        />
      )}
      {result.blocked.length > 0 && <p>{t('safety.test.blocked', { words: result.blocked.join(', ') })}</p>}
      {result.flagged.length > 0 && <p>{t('safety.test.flagged', { words: result.flagged.join(', ') })}</p>}
      {result.allowed.length > 0 && <p>{t('safety.test.allowed', { words: result.allowed.join(', ') })}</p>}
    </div>
  );
}

import { zodResolver } from '@hookform/resolvers/zod';
import {
  type CreateSafetyRuleRequest,
  CreateSafetyRuleRequestSchema,
  SAFETY_PHRASE_MAX,
  SAFETY_RULE_KINDS,
  type User,
} from '@rally/shared';
import { Plus } from 'lucide-react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { SegmentedControl } from '../../../components/ui/segmented-control';
import { showToast } from '../../../lib/toast';
import { useCreateSafetyRule } from '../api/create-safety-rule';

/** Adds a word or phrase to one of the lists; the server's message (e.g. already listed) shows on the field. */
export function AddRuleForm({ user }: { user: User }) {
  const { t } = useTranslation();
  const create = useCreateSafetyRule(user.id);
  const form = useForm<CreateSafetyRuleRequest>({
    resolver: zodResolver(CreateSafetyRuleRequestSchema),
    defaultValues: { phrase: '', kind: 'block' },
  });
  const { errors } = form.formState;

  const handleSubmit = (body: CreateSafetyRuleRequest) =>
    create.mutate(body, {
      onSuccess: ({ rule }) => {
        form.reset({ phrase: '', kind: body.kind });
        showToast(
          t('safety.words.added', {
            phrase: rule.phrase,
            list: t(`safety.kinds.${rule.kind}`).toLocaleLowerCase(),
          }),
          { tone: 'success' },
        );
      },
      onError: (error) => form.setError('phrase', { message: error.message }),
    });

  return (
    <Card className="p-4 sm:p-5">
      <form noValidate onSubmit={form.handleSubmit(handleSubmit)} className="space-y-4">
        <h3 className="font-semibold text-slate-900">{t('safety.words.addHeading')}</h3>
        <Field
          label={t('safety.words.phrase')}
          hint={t('safety.words.phraseHint')}
          error={errors.phrase?.message}
        >
          {(control) => (
            <Input
              {...control}
              {...form.register('phrase')}
              maxLength={SAFETY_PHRASE_MAX + 20}
              autoComplete="off"
            />
          )}
        </Field>
        <div className="flex flex-wrap items-end justify-between gap-3">
          <Controller
            control={form.control}
            name="kind"
            render={({ field }) => (
              <SegmentedControl
                label={t('safety.words.kind')}
                options={SAFETY_RULE_KINDS.map((value) => ({ value, label: t(`safety.kinds.${value}`) }))}
                value={field.value}
                onChange={field.onChange}
              />
            )}
          />
          <Button type="submit" isLoading={create.isPending}>
            <Plus aria-hidden className="size-4" />
            {t('safety.words.add')}
          </Button>
        </div>
      </form>
    </Card>
  );
}

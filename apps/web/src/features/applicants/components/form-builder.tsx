import {
  type AdminApplication,
  AdminTeamsResponseSchema,
  QUESTION_TYPES,
  type QuestionType,
} from '@rally/shared';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Input, Textarea } from '../../../components/ui/input';
import { Modal } from '../../../components/ui/modal';
import { api } from '../../../lib/api-client';
import { useUser } from '../../../lib/auth';
import { useClient } from '../../../lib/client';
import { uploadFile } from '../../../lib/upload';
import { useSaveApplication } from '../api/admin-applicants';
import { draftOf, type FormDraft, moveItem, newQuestion, requestOf } from '../utils/form-draft';
import { QuestionEditor } from './question-editor';
import { RulesEditor } from './rules-editor';

interface FormBuilderProps {
  /** The form to edit; null creates one. */
  form: AdminApplication | null;
  isOpen: boolean;
  onClose: () => void;
}

/** Create or edit an application form: texts, cover, questions, teams, rules and open/closed. */
export function FormBuilder({ form, isOpen, onClose }: FormBuilderProps) {
  const { t } = useTranslation();
  const user = useUser();
  const client = useClient();
  const save = useSaveApplication(user?.id ?? '');
  const [draft, setDraft] = useState<FormDraft>(() => draftOf(form));
  const [addType, setAddType] = useState<QuestionType>('short_text');
  const teams = useQuery({
    queryKey: [user?.id, 'api/admin/teams'],
    queryFn: () => api.get('/api/admin/teams', { schema: AdminTeamsResponseSchema }),
  });
  const cover = useMutation({
    mutationFn: (file: File) =>
      uploadFile({ isLoggedIn: user !== null, file, type: 'post', objectId: client.id }),
    onSuccess: (res) => setDraft((d) => ({ ...d, cover_image_url: res.url })),
  });
  const set = (patch: Partial<FormDraft>) => setDraft((d) => ({ ...d, ...patch }));

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    save.mutate({ id: form?.id ?? null, body: requestOf(draft) }, { onSuccess: onClose });
  }

  const footer = (
    <div className="flex justify-end gap-3">
      <Button type="button" variant="secondary" onClick={onClose}>
        {t('applicants.common.cancel')}
      </Button>
      <Button type="submit" form="application-form" isLoading={save.isPending}>
        {form ? t('applicants.builder.save') : t('applicants.builder.create')}
      </Button>
    </div>
  );
  return (
    <Modal
      isOpen={isOpen}
      onClose={onClose}
      title={form ? t('applicants.builder.editTitle') : t('applicants.builder.newTitle')}
      closeLabel={t('applicants.common.close')}
      size="lg"
      footer={footer}
    >
      <form id="application-form" noValidate onSubmit={handleSubmit} className="space-y-5">
        {save.isError && <Alert tone="error">{save.error.message}</Alert>}
        <Field label={t('applicants.builder.title')}>
          {(control) => (
            <Input {...control} value={draft.title} onChange={(e) => set({ title: e.target.value })} />
          )}
        </Field>
        <Field label={t('applicants.builder.description')}>
          {(control) => (
            <Textarea
              {...control}
              value={draft.description}
              onChange={(e) => set({ description: e.target.value })}
            />
          )}
        </Field>
        <Field label={t('applicants.builder.cover')} error={cover.error?.message}>
          {(control) => (
            <div className="space-y-2">
              {draft.cover_image_url && (
                <img
                  src={draft.cover_image_url}
                  alt=""
                  className="aspect-[3/1] w-full rounded-xl object-cover"
                />
              )}
              <input
                {...control}
                type="file"
                accept="image/*"
                onChange={(e) => e.target.files?.[0] && cover.mutate(e.target.files[0])}
                className="block w-full text-sm text-slate-700 file:mr-3 file:rounded-lg file:border-0 file:bg-slate-100 file:px-3 file:py-2 file:font-medium"
              />
              {draft.cover_image_url && (
                <Button
                  type="button"
                  variant="ghost"
                  size="sm"
                  onClick={() => set({ cover_image_url: null })}
                >
                  {t('applicants.builder.removeCover')}
                </Button>
              )}
            </div>
          )}
        </Field>
        <section aria-labelledby="questions-heading" className="space-y-3">
          <h3 id="questions-heading" className="text-base font-semibold text-slate-900">
            {t('applicants.builder.questions')}
          </h3>
          {draft.questions.length === 0 && (
            <p className="text-sm text-slate-600">{t('applicants.builder.noQuestions')}</p>
          )}
          <ol className="space-y-3">
            {draft.questions.map((q, i) => (
              <QuestionEditor
                key={q.id}
                question={q}
                index={i}
                count={draft.questions.length}
                onChange={(next) => set({ questions: draft.questions.map((x, j) => (j === i ? next : x)) })}
                onMove={(by) => set({ questions: moveItem(draft.questions, i, by) })}
                onRemove={() => set({ questions: draft.questions.filter((_, j) => j !== i) })}
              />
            ))}
          </ol>
          <div className="flex flex-wrap items-end gap-2">
            <Field label={t('applicants.builder.newQuestionType')} className="min-w-48 flex-1">
              {(control) => (
                <select
                  {...control}
                  value={addType}
                  onChange={(e) => setAddType(e.target.value as QuestionType)}
                  className="block h-11 w-full rounded-xl border border-slate-300 bg-white px-3 text-base"
                >
                  {QUESTION_TYPES.map((type) => (
                    <option key={type} value={type}>
                      {t(`applicants.types.${type}`)}
                    </option>
                  ))}
                </select>
              )}
            </Field>
            <Button
              type="button"
              variant="secondary"
              onClick={() => set({ questions: [...draft.questions, newQuestion(addType, draft.questions)] })}
            >
              <Plus aria-hidden className="size-4" />
              {t('applicants.builder.addQuestion')}
            </Button>
          </div>
        </section>
        <fieldset className="space-y-2">
          <legend className="text-base font-semibold text-slate-900">{t('applicants.builder.teams')}</legend>
          <p className="text-sm text-slate-600">{t('applicants.builder.teamsHint')}</p>
          {teams.isError && <Alert tone="error">{teams.error.message}</Alert>}
          {teams.data?.teams.length === 0 && (
            <p className="text-sm text-slate-600">{t('applicants.builder.noTeams')}</p>
          )}
          <div className="flex flex-wrap gap-2">
            {teams.data?.teams.map((team) => (
              <label
                key={team.id}
                className="flex min-h-11 items-center gap-2 rounded-xl border border-slate-200 px-3 text-sm has-checked:border-brand-text"
              >
                <input
                  type="checkbox"
                  checked={draft.team_ids.includes(team.id)}
                  onChange={(e) =>
                    set({
                      team_ids: e.target.checked
                        ? [...draft.team_ids, team.id]
                        : draft.team_ids.filter((id) => id !== team.id),
                    })
                  }
                  className="size-4 accent-(--color-primary-text)"
                />
                {team.name}
              </label>
            ))}
          </div>
        </fieldset>
        <RulesEditor draft={draft} onChange={set} />
        <label className="flex items-center gap-2 text-sm font-medium text-slate-800">
          <input
            type="checkbox"
            checked={draft.is_open}
            onChange={(e) => set({ is_open: e.target.checked })}
            className="size-4 accent-(--color-primary-text)"
          />
          {t('applicants.builder.isOpen')}
        </label>
      </form>
    </Modal>
  );
}

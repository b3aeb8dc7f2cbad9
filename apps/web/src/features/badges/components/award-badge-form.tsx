import { AwardBadgeRequestSchema, BADGE_REASON_MAX, type User } from '@rally/shared';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Input, Textarea } from '../../../components/ui/input';
import { Spinner } from '../../../components/ui/spinner';
import { showToast } from '../../../lib/toast';
import { useAwardBadge, useMemberSearch } from '../api/badge-awards';

interface AwardBadgeFormProps {
  user: User;
  badge: { id: string; name: string };
}

/** Awards a manual badge by hand: find a member (the users search), say why, award. */
export function AwardBadgeForm({ user, badge }: AwardBadgeFormProps) {
  const { t } = useTranslation();
  const pickerId = useId();
  const [q, setQ] = useState('');
  const [chosen, setChosen] = useState<{ id: string; name: string } | null>(null);
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<{ member?: string; reason?: string }>({});
  const search = useMemberSearch(user.id, q);
  const award = useAwardBadge(user.id);
  const people = (search.data?.users ?? []).filter((u) => u.role !== 'APPLICANT');

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = AwardBadgeRequestSchema.safeParse({ user_id: chosen?.id ?? '', reason });
    if (!chosen || !parsed.success) {
      const reasonIssue = parsed.success
        ? undefined
        : parsed.error.issues.find((i) => i.path[0] === 'reason');
      setErrors({
        member: chosen ? undefined : t('adminBadges.award.pickMember'),
        reason: reasonIssue?.message,
      });
      return;
    }
    setErrors({});
    award.mutate(
      { badgeId: badge.id, userId: chosen.id, reason: parsed.data.reason },
      {
        onSuccess: () => {
          showToast(t('adminBadges.award.done', { name: chosen.name, badge: badge.name }), {
            tone: 'success',
          });
          setChosen(null);
          setReason('');
          setQ('');
        },
      },
    );
  };

  return (
    <form onSubmit={handleSubmit} noValidate className="space-y-3 rounded-xl border border-slate-200 p-4">
      <h3 className="text-sm font-semibold text-slate-900">{t('adminBadges.award.heading')}</h3>
      {award.error && <Alert tone="error">{award.error.message}</Alert>}
      <Field label={t('adminBadges.award.search')} hint={t('adminBadges.award.searchHint')}>
        {(control) => (
          <Input
            {...control}
            type="search"
            value={q}
            onChange={(e) => setQ(e.target.value)}
            autoComplete="off"
          />
        )}
      </Field>
      <fieldset aria-describedby={errors.member ? `${pickerId}-error` : undefined}>
        <legend className="text-sm font-medium text-slate-800">{t('adminBadges.award.member')}</legend>
        {search.isFetching && <Spinner className="mt-2 size-4" label={t('adminBadges.award.searching')} />}
        {q.trim().length >= 2 && search.isSuccess && people.length === 0 && (
          <p className="mt-1 text-sm text-slate-600">{t('adminBadges.award.noMatch')}</p>
        )}
        {search.isError && <p className="mt-1 text-sm text-red-600">{search.error.message}</p>}
        <ul className="mt-1 max-h-48 space-y-1 overflow-y-auto">
          {people.map((person) => (
            <li key={person.id}>
              <label className="flex cursor-pointer items-center gap-2 rounded-lg px-2 py-1.5 text-sm hover:bg-slate-50">
                <input
                  type="radio"
                  name={`${pickerId}-member`}
                  checked={chosen?.id === person.id}
                  onChange={() => setChosen({ id: person.id, name: person.display_name })}
                  className="size-4 accent-(--color-primary-text)"
                />
                <span className="min-w-0 truncate">{person.display_name}</span>
              </label>
            </li>
          ))}
        </ul>
        {chosen && !people.some((p) => p.id === chosen.id) && (
          <p className="mt-1 text-sm text-slate-700">
            {t('adminBadges.award.chosen', { name: chosen.name })}
          </p>
        )}
        {errors.member && (
          <p id={`${pickerId}-error`} className="mt-1 text-sm font-medium text-red-600">
            {errors.member}
          </p>
        )}
      </fieldset>
      <Field label={t('adminBadges.award.reason')} error={errors.reason}>
        {(control) => (
          <Textarea
            {...control}
            rows={2}
            maxLength={BADGE_REASON_MAX}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
          />
        )}
      </Field>
      <Button type="submit" size="sm" isLoading={award.isPending}>
        {t('adminBadges.award.submit')}
      </Button>
    </form>
  );
}

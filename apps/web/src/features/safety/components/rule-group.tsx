import type { SafetyRule, SafetyRuleKind, User } from '@rally/shared';
import { clsx } from 'clsx';
import { X } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Skeleton } from '../../../components/ui/skeleton';
import { showToast } from '../../../lib/toast';
import { useDeleteSafetyRule } from '../api/delete-safety-rule';
import { useSafetyRules } from '../api/get-safety-rules';

const CHIP_TONES: Record<SafetyRuleKind, string> = {
  block: 'border-red-200 bg-red-50 text-red-800',
  flag: 'border-amber-200 bg-amber-50 text-amber-900',
  allow: 'border-emerald-200 bg-emerald-50 text-emerald-800',
};

/** One list as chips, each with a delete button (confirmed). */
export function RuleGroup({ user, kind, search }: { user: User; kind: SafetyRuleKind; search: string }) {
  const { t } = useTranslation();
  const headingId = useId();
  const query = useSafetyRules(user.id, kind, search);
  const remove = useDeleteSafetyRule(user.id);
  const [deleting, setDeleting] = useState<SafetyRule | null>(null);
  const rules = query.data?.pages.flatMap((page) => page.rules) ?? [];
  const list = t(`safety.kinds.${kind}`);

  const handleDelete = () => {
    if (!deleting) return;
    const { phrase } = deleting;
    remove.mutate(deleting.id, {
      onSuccess: () => {
        setDeleting(null);
        showToast(t('safety.words.deleted', { phrase }), { tone: 'success' });
      },
    });
  };

  return (
    <Card className="p-4 sm:p-5">
      <section aria-labelledby={headingId} className="space-y-3">
        <div>
          <h3 id={headingId} className="font-semibold text-slate-900">
            {list}
          </h3>
          <p className="text-sm text-slate-600">{t(`safety.kindHelp.${kind}`)}</p>
        </div>
        {query.isPending ? (
          <Skeleton aria-hidden className="h-9 w-2/3 rounded-full" />
        ) : !query.data ? (
          <Alert tone="error">{query.error?.message}</Alert>
        ) : rules.length === 0 ? (
          <p className="text-sm text-slate-500 italic">
            {t(search ? 'safety.words.emptySearch' : 'safety.words.empty')}
          </p>
        ) : (
          <ul className="flex flex-wrap gap-2">
            {rules.map((rule) => (
              <li
                key={rule.id}
                className={clsx(
                  'inline-flex items-center rounded-full border pl-3 text-sm font-medium',
                  CHIP_TONES[kind],
                )}
              >
                <span className="break-all">{rule.phrase}</span>
                <button
                  type="button"
                  onClick={() => setDeleting(rule)}
                  aria-label={t('safety.words.delete', { phrase: rule.phrase })}
                  className="ml-1 flex size-9 items-center justify-center rounded-full hover:bg-black/5 focus-visible:outline-2 focus-visible:outline-brand-text"
                >
                  <X aria-hidden className="size-4" />
                </button>
              </li>
            ))}
          </ul>
        )}
        {query.hasNextPage && (
          <Button
            variant="ghost"
            size="sm"
            onClick={() => void query.fetchNextPage()}
            isLoading={query.isFetchingNextPage}
          >
            {t('safety.loadMore')}
          </Button>
        )}
      </section>
      <ConfirmDialog
        isOpen={deleting !== null}
        title={t('safety.words.deleteTitle', { phrase: deleting?.phrase ?? '' })}
        description={t('safety.words.deleteText', { list: list.toLocaleLowerCase() })}
        confirmLabel={t('safety.words.deleteConfirm')}
        cancelLabel={t('safety.words.cancel')}
        onConfirm={handleDelete}
        onClose={() => {
          setDeleting(null);
          remove.reset();
        }}
        isPending={remove.isPending}
        error={remove.isError ? <Alert tone="error">{remove.error.message}</Alert> : undefined}
      />
    </Card>
  );
}

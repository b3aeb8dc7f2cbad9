import { CONTRACT_BODY_MAX, CONTRACT_TITLE_MAX, type User } from '@rally/shared';
import { FileSignature } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Field } from '../../../components/ui/field';
import { Input, Textarea } from '../../../components/ui/input';
import { Markdown } from '../../../components/ui/markdown';
import { Skeleton } from '../../../components/ui/skeleton';
import { showToast } from '../../../lib/toast';
import { useContracts, usePublishContract } from '../api/contracts';

/** Writing and publishing the next version, with a preview rendered as members will read it. */
function PublishForm({ user, start }: { user: User; start: { title: string; body: string } }) {
  const { t } = useTranslation();
  const publish = usePublishContract(user.id);
  const [title, setTitle] = useState(start.title);
  const [body, setBody] = useState(start.body);
  const [problems, setProblems] = useState<{ title?: string; body?: string }>({});
  const [asking, setAsking] = useState(false);
  const [preview, setPreview] = useState(false);
  const check = (event: FormEvent) => {
    event.preventDefault();
    const next = {
      title: title.trim() ? undefined : t('adminGeneral.contracts.titleRequired'),
      body: body.trim() ? undefined : t('adminGeneral.contracts.bodyRequired'),
    };
    setProblems(next);
    if (!next.title && !next.body) {
      publish.reset();
      setAsking(true);
    }
  };
  const confirm = () =>
    publish.mutate(
      { title, body },
      {
        onSuccess: ({ contract }) => {
          setAsking(false);
          showToast(t('adminGeneral.contracts.published', { version: contract.version }), {
            tone: 'success',
          });
        },
      },
    );
  return (
    <form noValidate onSubmit={check} className="space-y-4">
      <Field label={t('adminGeneral.contracts.titleLabel')} error={problems.title}>
        {(control) => (
          <Input
            {...control}
            value={title}
            maxLength={CONTRACT_TITLE_MAX}
            onChange={(e) => setTitle(e.target.value)}
          />
        )}
      </Field>
      <Field
        label={t('adminGeneral.contracts.bodyLabel')}
        hint={t('adminGeneral.contracts.bodyHint')}
        error={problems.body}
      >
        {(control) => (
          <Textarea
            {...control}
            rows={10}
            value={body}
            maxLength={CONTRACT_BODY_MAX}
            onChange={(e) => setBody(e.target.value)}
            className="font-mono text-sm"
          />
        )}
      </Field>
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" onClick={() => setPreview((v) => !v)} aria-expanded={preview}>
          {preview ? t('adminGeneral.contracts.hidePreview') : t('adminGeneral.contracts.showPreview')}
        </Button>
        <Button type="submit">{t('adminGeneral.contracts.publish')}</Button>
      </div>
      {preview && (
        <Card className="p-4">
          <h4 className="mb-2 font-semibold text-slate-900">{title}</h4>
          <Markdown text={body} />
        </Card>
      )}
      <ConfirmDialog
        isOpen={asking}
        tone="primary"
        title={t('adminGeneral.contracts.confirmTitle')}
        description={t('adminGeneral.contracts.confirmText')}
        confirmLabel={t('adminGeneral.contracts.publish')}
        cancelLabel={t('adminGeneral.contracts.cancel')}
        onConfirm={confirm}
        onClose={() => setAsking(false)}
        isPending={publish.isPending}
        error={publish.error ? <Alert tone="error">{publish.error.message}</Alert> : undefined}
      />
    </form>
  );
}

/** Contracts on /admin/general (ADMIN only): the current version, who accepted it, and publishing the next. */
export function ContractsSection({ user }: { user: User }) {
  const { t } = useTranslation();
  const query = useContracts(user.id);
  const data = query.data;
  return (
    <Card className="p-4 sm:p-6">
      <section aria-labelledby="contracts-heading" className="space-y-5">
        <div>
          <h3 id="contracts-heading" className="text-base font-semibold text-slate-900">
            {t('adminGeneral.contracts.title')}
          </h3>
          <p className="mt-1 text-sm text-slate-600">{t('adminGeneral.contracts.intro')}</p>
        </div>
        {query.isPending ? (
          <Skeleton className="h-40 w-full" />
        ) : query.isError ? (
          <Alert tone="error">
            <p>{query.error.message}</p>
            <Button variant="secondary" size="sm" className="mt-2" onClick={() => void query.refetch()}>
              {t('adminGeneral.retry')}
            </Button>
          </Alert>
        ) : (
          <>
            {data?.current ? (
              <div className="rounded-xl bg-slate-50 p-4 text-sm text-slate-700">
                <p className="font-semibold text-slate-900">
                  {t('adminGeneral.contracts.current', {
                    title: data.current.title,
                    version: data.current.version,
                  })}
                </p>
                <p className="mt-1">
                  {t('adminGeneral.contracts.accepted', {
                    accepted: data.accepted_count,
                    members: data.member_count,
                  })}
                </p>
              </div>
            ) : (
              <p className="flex items-center gap-2 text-sm text-slate-600">
                <FileSignature aria-hidden className="size-4" />
                {t('adminGeneral.contracts.none')}
              </p>
            )}
            <PublishForm
              key={data?.current?.id ?? 'none'}
              user={user}
              start={{ title: data?.current?.title ?? '', body: data?.current?.body ?? '' }}
            />
          </>
        )}
      </section>
    </Card>
  );
}

import { CUSTOM_URL_MAX_LENGTH, type CustomUrlResponse, type User, validateCustomUrl } from '@rally/shared';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { Skeleton } from '../../../components/ui/skeleton';
import { showToast } from '../../../lib/toast';
import { useCustomUrl, useSaveCustomUrl } from '../api/custom-url';
import { SectionCard } from './section-card';

/** The form once the stored slug is known: SPEC 5's rule and messages checked here and again by the server. */
function CustomUrlForm({ user, stored }: { user: User; stored: string | null }) {
  const { t } = useTranslation();
  const save = useSaveCustomUrl(user.id);
  const [value, setValue] = useState(stored ?? '');
  const [problem, setProblem] = useState<string | undefined>();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const message = validateCustomUrl(value) ?? undefined;
    setProblem(message);
    if (message) return;
    save.mutate(value, {
      onSuccess: (data) => {
        setValue(data.custom_url ?? '');
        showToast(t('adminGeneral.customUrl.saved'), { tone: 'success' });
      },
    });
  };
  const serverError = save.error?.message;
  return (
    <form noValidate onSubmit={submit} className="space-y-3">
      <Field
        label={t('adminGeneral.customUrl.label')}
        hint={t('adminGeneral.customUrl.hint', { max: CUSTOM_URL_MAX_LENGTH })}
        error={problem ?? serverError}
      >
        {(control) => (
          <span className="flex items-center gap-2">
            <span aria-hidden className="text-sm text-slate-500">
              /c/
            </span>
            <Input
              {...control}
              value={value}
              autoComplete="off"
              spellCheck={false}
              onChange={(event) => {
                const next = event.target.value;
                setValue(next);
                // Emptied: SPEC 5's "{label} is required" at once, not a silently disabled Save.
                setProblem(next === '' ? (validateCustomUrl(next) ?? undefined) : undefined);
                save.reset();
              }}
            />
          </span>
        )}
      </Field>
      <Button type="submit" isLoading={save.isPending} disabled={value === (stored ?? '')}>
        {t('adminGeneral.customUrl.save')}
      </Button>
    </form>
  );
}

/** The addresses a saved custom URL opens the app on, as the server builds them from its configured host. */
function CustomUrlAddresses({ addresses }: { addresses: CustomUrlResponse['addresses'] }) {
  const { t } = useTranslation();
  if (!addresses.path) return null;
  const link = (href: string) => (
    <a href={href} className="break-all font-medium text-brand-text underline underline-offset-2">
      {href}
    </a>
  );
  return (
    <div className="mt-4 rounded-xl border border-slate-200 bg-slate-50 p-4 text-sm">
      <h3 className="font-semibold text-slate-900">{t('adminGeneral.customUrl.addressesTitle')}</h3>
      <dl className="mt-2 space-y-2">
        <div>
          <dt className="text-slate-600">{t('adminGeneral.customUrl.pathAddress')}</dt>
          <dd>{link(addresses.path)}</dd>
        </div>
        <div>
          <dt className="text-slate-600">{t('adminGeneral.customUrl.subdomainAddress')}</dt>
          <dd>
            {addresses.subdomain ? (
              link(addresses.subdomain)
            ) : (
              <span className="text-slate-700">{t('adminGeneral.customUrl.noSubdomain')}</span>
            )}
          </dd>
        </div>
      </dl>
    </div>
  );
}

/** The custom URL on /admin/general (ADMIN only): the client's slug, unique across programs. */
export function CustomUrlSection({ user }: { user: User }) {
  const { t } = useTranslation();
  const query = useCustomUrl(user.id);
  return (
    <SectionCard title={t('adminGeneral.customUrl.title')} description={t('adminGeneral.customUrl.intro')}>
      {query.isPending ? (
        <Skeleton className="h-20 w-full" />
      ) : query.isError ? (
        <Alert tone="error">
          <p>{query.error.message}</p>
          <Button variant="secondary" size="sm" className="mt-2" onClick={() => void query.refetch()}>
            {t('adminGeneral.retry')}
          </Button>
        </Alert>
      ) : (
        <>
          <CustomUrlForm key={query.data.custom_url ?? ''} user={user} stored={query.data.custom_url} />
          <CustomUrlAddresses addresses={query.data.addresses} />
        </>
      )}
    </SectionCard>
  );
}

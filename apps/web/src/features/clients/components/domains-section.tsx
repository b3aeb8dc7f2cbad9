import { normalizeHost, type User, validateDomainHost } from '@rally/shared';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { Skeleton } from '../../../components/ui/skeleton';
import { showToast } from '../../../lib/toast';
import { useAddDomain, useDomains } from '../api/domains';
import { DomainCard } from './domain-card';
import { SectionCard } from './section-card';

/** Adding a domain: the shared rule checks it here, and the server again (punycode, the app's own host, taken). */
function AddDomainForm({ user }: { user: User }) {
  const { t } = useTranslation();
  const add = useAddDomain(user.id);
  const [value, setValue] = useState('');
  const [problem, setProblem] = useState<string | undefined>();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const message = validateDomainHost(normalizeHost(value)) ?? undefined;
    setProblem(message);
    if (message) return;
    add.mutate(value, {
      onSuccess: ({ domain }) => {
        setValue('');
        showToast(t('adminGeneral.domains.added', { host: domain.display_host }), { tone: 'success' });
      },
    });
  };
  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-3 sm:flex-row sm:items-start">
      <Field
        className="flex-1"
        label={t('adminGeneral.domains.hostLabel')}
        hint={t('adminGeneral.domains.hostHint')}
        error={problem ?? add.error?.message}
      >
        {(control) => (
          <Input
            {...control}
            value={value}
            inputMode="url"
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            placeholder="community.example.com"
            onChange={(event) => {
              setValue(event.target.value);
              setProblem(undefined);
              add.reset();
            }}
          />
        )}
      </Field>
      <Button type="submit" className="sm:mt-7" isLoading={add.isPending}>
        {t('adminGeneral.domains.add')}
      </Button>
    </form>
  );
}

/** Custom domains on /admin/general (ADMIN only): the program served on its own addresses once DNS proves them. */
export function DomainsSection({ user }: { user: User }) {
  const { t } = useTranslation();
  const query = useDomains(user.id);
  return (
    <SectionCard title={t('adminGeneral.domains.title')} description={t('adminGeneral.domains.intro')}>
      {query.isPending ? (
        <div role="status" aria-busy="true" aria-label={t('adminGeneral.domains.loading')}>
          <Skeleton className="h-32 w-full" />
        </div>
      ) : query.isError ? (
        <Alert tone="error">
          <p>{query.error.message}</p>
          <Button variant="secondary" size="sm" className="mt-2" onClick={() => void query.refetch()}>
            {t('adminGeneral.retry')}
          </Button>
        </Alert>
      ) : (
        <>
          {query.data.domains.length === 0 ? (
            <p className="text-sm text-slate-600">{t('adminGeneral.domains.empty')}</p>
          ) : (
            <ul className="space-y-3" aria-label={t('adminGeneral.domains.listLabel')}>
              {query.data.domains.map((domain) => (
                <DomainCard key={domain.host} user={user} domain={domain} appHost={query.data.app_host} />
              ))}
            </ul>
          )}
          <AddDomainForm user={user} />
        </>
      )}
    </SectionCard>
  );
}

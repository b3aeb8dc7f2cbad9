import type { User } from '@rally/shared';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { Button, ButtonLink } from '../../../components/ui/button';
import { Markdown } from '../../../components/ui/markdown';
import { PageLoader } from '../../../components/ui/page-loader';
import { useSetUser } from '../../../lib/auth';
import { formatDate } from '../../../utils/format-date';
import { acceptContract, useContract } from '../api/onboarding-calls';

/** Where a user goes after agreeing: onboarding first when not yet onboarded, else home. */
function nextPath(user: User): string {
  return user.onboarded_at ? '/' : '/onboarding';
}

/** The client's contract with "I agree" (POST /api/me/contract). */
export function ContractView({ user }: { user: User }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const setUser = useSetUser();
  const query = useContract();
  const mutation = useMutation({
    mutationFn: acceptContract,
    onSuccess: ({ user: next }) => {
      setUser(next);
      navigate(nextPath(next), { replace: true });
    },
  });
  if (query.isPending) return <PageLoader />;
  if (query.isError) return <Alert tone="error">{query.error.message}</Alert>;
  const { contract } = query.data;
  if (!contract) {
    return (
      <div className="space-y-5">
        <p className="text-slate-600">{t('contract.none')}</p>
        <ButtonLink to={nextPath(user)} size="lg" className="w-full">
          {t('contract.continue')}
        </ButtonLink>
      </div>
    );
  }
  const hasAgreed = user.contract_id === contract.id;
  return (
    <div className="space-y-5">
      <section aria-labelledby="contract-title">
        <h2 id="contract-title" className="text-lg font-semibold text-slate-900">
          {contract.title}
        </h2>
        <p className="mt-0.5 text-xs text-slate-500">
          {t('contract.version', { version: contract.version })}
        </p>
        <div
          // biome-ignore lint/a11y/noNoninteractiveTabindex: the scrollable terms must be reachable by keyboard.
          tabIndex={0}
          className="mt-3 max-h-[45dvh] overflow-y-auto rounded-xl border border-slate-200 bg-slate-50 p-4"
        >
          {/* Written by the client's admins in Markdown; the renderer keeps raw HTML as text. */}
          <Markdown text={contract.body} className="text-sm" />
        </div>
      </section>
      {mutation.isError && <Alert tone="error">{mutation.error.message}</Alert>}
      {hasAgreed ? (
        <Alert tone="success">
          {user.contract_agreed_at
            ? t('contract.agreedOn', { date: formatDate(user.contract_agreed_at, i18n.language) })
            : t('contract.agreed')}
        </Alert>
      ) : (
        <Button
          size="lg"
          className="w-full"
          onClick={() => mutation.mutate(contract.id)}
          isLoading={mutation.isPending}
        >
          {t('contract.agree')}
        </Button>
      )}
    </div>
  );
}

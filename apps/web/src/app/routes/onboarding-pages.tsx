import { CircleCheck, FileText, Sparkles, UserRound } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { FocusLayout } from '../../components/layouts/focus-layout';
import { ButtonLink } from '../../components/ui/button';
import { ContractView } from '../../features/onboarding/components/contract-view';
import { OnboardingForm } from '../../features/onboarding/components/onboarding-form';
import { useUser } from '../../lib/auth';
import { useClient } from '../../lib/client';
import { useBrandDescription } from './brand-description';

const POINT_KEYS = ['overview.point1', 'overview.point2', 'overview.point3'] as const;

/** /overview: welcome to the client, what the app is, then on to the contract. */
export function OverviewPage() {
  const { t } = useTranslation();
  const client = useClient();
  const words = { projects: t('words.projects').toLocaleLowerCase(), client: client.name };
  return (
    <FocusLayout
      icon={Sparkles}
      title={t('overview.title', { client: client.name })}
      description={useBrandDescription()}
    >
      <ul className="space-y-3">
        {POINT_KEYS.map((key) => (
          <li key={key} className="flex items-start gap-3 text-[0.9375rem] text-slate-700">
            <CircleCheck aria-hidden className="mt-0.5 size-5 shrink-0 text-brand-text" />
            {t(key, words)}
          </li>
        ))}
      </ul>
      <ButtonLink to="/contract" size="lg" className="mt-8 w-full">
        {t('overview.getStarted')}
      </ButtonLink>
    </FocusLayout>
  );
}

/** /contract (forced=true: no way out but Sign Out, which the shell enforces). */
export function ContractPage() {
  const { t } = useTranslation();
  const client = useClient();
  const user = useUser();
  if (!user) return null;
  return (
    <FocusLayout
      icon={FileText}
      width="lg"
      title={t('contract.title')}
      description={t('contract.text', { client: client.name })}
    >
      <ContractView user={user} />
    </FocusLayout>
  );
}

/** /onboarding: name and place, then home. */
export function OnboardingPage() {
  const { t } = useTranslation();
  const user = useUser();
  if (!user) return null;
  return (
    <FocusLayout icon={UserRound} title={t('onboarding.title')} description={t('onboarding.text')}>
      <OnboardingForm user={user} />
    </FocusLayout>
  );
}

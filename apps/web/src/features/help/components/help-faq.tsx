import { ChevronDown, LifeBuoy } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Card } from '../../../components/ui/card';

/** FAQ entries; each has `help.faq.<id>.question` and `.answer`. */
const FAQ_IDS = ['what', 'join', 'share', 'password', 'profile', 'notifications', 'missing'] as const;

/** Public help: frequently asked questions and how to reach a person. */
export function HelpFaq({ clientName, isSignedIn }: { clientName: string; isSignedIn: boolean }) {
  const { t } = useTranslation();
  const words = {
    client: clientName,
    project: t('words.project').toLocaleLowerCase(),
    projects: t('words.projects').toLocaleLowerCase(),
    teams: t('words.teams').toLocaleLowerCase(),
  };
  return (
    <div className="mx-auto max-w-3xl space-y-8">
      <section aria-labelledby="faq-heading" className="space-y-3">
        <h2 id="faq-heading" className="text-xl font-bold tracking-tight text-slate-900">
          {t('help.faqHeading')}
        </h2>
        <Card className="divide-y divide-slate-100 overflow-hidden">
          {FAQ_IDS.map((id) => (
            <details key={id} className="group">
              <summary className="flex cursor-pointer list-none items-center justify-between gap-4 px-5 py-4 font-medium text-slate-900 hover:bg-slate-50 [&::-webkit-details-marker]:hidden">
                {t(`help.faq.${id}.question`, words)}
                <ChevronDown
                  aria-hidden
                  className="size-4 shrink-0 text-slate-500 transition group-open:rotate-180"
                />
              </summary>
              <p className="px-5 pb-5 text-[0.9375rem] leading-relaxed text-slate-600">
                {t(`help.faq.${id}.answer`, words)}
              </p>
            </details>
          ))}
        </Card>
      </section>
      <Card className="flex items-start gap-4 p-5">
        <span className="flex size-11 shrink-0 items-center justify-center rounded-xl bg-brand/10 text-brand-text">
          <LifeBuoy aria-hidden className="size-5" />
        </span>
        <div>
          <h2 className="font-semibold text-slate-900">{t('help.contactHeading')}</h2>
          <p className="mt-1 text-sm text-slate-600">{t('help.contactText', words)}</p>
          {!isSignedIn && (
            <p className="mt-2 text-sm">
              <Link to="/reset" className="font-medium text-brand-text underline-offset-2 hover:underline">
                {t('help.resetLink')}
              </Link>
            </p>
          )}
        </div>
      </Card>
    </div>
  );
}

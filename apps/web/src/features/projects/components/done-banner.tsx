import { PartyPopper } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface DoneBannerProps {
  title?: string;
  /** Points earned; hidden when 0. */
  points: number;
  children?: ReactNode;
}

/** The completed state of an activity: a title, "+N points" and what the member did. */
export function DoneBanner({ title, points, children }: DoneBannerProps) {
  const { t } = useTranslation();
  return (
    <section
      role="status"
      className="space-y-4 rounded-2xl border border-emerald-200 bg-gradient-to-br from-emerald-50 to-white p-5 sm:p-6"
    >
      <div className="flex items-center gap-3">
        <span className="flex size-11 shrink-0 items-center justify-center rounded-full bg-emerald-500 text-white shadow-sm">
          <PartyPopper aria-hidden className="size-5" />
        </span>
        <div>
          <h3 className="text-lg font-bold text-emerald-900">{title ?? t('activities.doneTitle')}</h3>
          {points > 0 ? (
            <p className="text-sm font-semibold text-emerald-700">
              {t('activities.pointsEarned', { count: points })}
            </p>
          ) : (
            <p className="text-sm text-emerald-800">{t('activities.doneText')}</p>
          )}
        </div>
      </div>
      {children}
    </section>
  );
}

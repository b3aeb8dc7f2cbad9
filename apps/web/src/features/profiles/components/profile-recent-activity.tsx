import type { ProfileActivity } from '@rally/shared';
import { CircleCheck, MessageSquareText } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Card } from '../../../components/ui/card';

/** The member's latest completed activities and posts, newest first. */
export function ProfileRecentActivity({ items }: { items: readonly ProfileActivity[] }) {
  const { t, i18n } = useTranslation();
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' });
  return (
    <section aria-labelledby="profile-activity-heading" className="space-y-3">
      <h2 id="profile-activity-heading" className="text-lg font-semibold text-slate-900">
        {t('people.recentHeading')}
      </h2>
      {items.length === 0 ? (
        <p className="text-sm text-slate-600">{t('people.noRecent')}</p>
      ) : (
        <Card>
          <ul className="divide-y divide-slate-100">
            {items.map((item) => {
              const Icon = item.kind === 'post' ? MessageSquareText : CircleCheck;
              return (
                <li key={`${item.kind}-${item.id}`}>
                  <Link
                    to={item.link}
                    className="flex items-start gap-3 px-4 py-3 hover:bg-slate-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-text"
                  >
                    <Icon aria-hidden className="mt-0.5 size-5 shrink-0 text-brand-text" />
                    <span className="min-w-0 flex-1">
                      <span className="block text-sm text-slate-500">
                        {item.kind === 'post'
                          ? t('people.posted')
                          : t('people.completed', { project: item.context ?? '' })}
                      </span>
                      <span className="block break-words font-medium text-slate-900">{item.title}</span>
                    </span>
                    <time dateTime={item.at} className="shrink-0 text-xs text-slate-500">
                      {date.format(new Date(item.at))}
                    </time>
                  </Link>
                </li>
              );
            })}
          </ul>
        </Card>
      )}
    </section>
  );
}

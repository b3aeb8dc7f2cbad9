import { useTranslation } from 'react-i18next';
import { formatDate, formatRelativeTime } from '../../../utils/format-date';

/** "3 hours ago", with the date in full on hover and for assistive technology. */
export function TimeAgo({ iso }: { iso: string }) {
  const { i18n } = useTranslation();
  return (
    <time dateTime={iso} title={formatDate(iso, i18n.language)} className="text-xs text-slate-500">
      {formatRelativeTime(iso, i18n.language)}
    </time>
  );
}

import type { AdminApplication } from '@rally/shared';
import { ClipboardList, Copy, Pencil, Plus } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { Skeleton } from '../../../components/ui/skeleton';
import { useUser } from '../../../lib/auth';
import { copyWithToast } from '../../../lib/copy';
import { useAdminApplications } from '../api/admin-applicants';
import { FormBuilder } from './form-builder';

/** The public link of a form, absolute on this origin when the server answered a path. */
export const publicLink = (form: AdminApplication) =>
  form.public_url.startsWith('/') ? `${window.location.origin}${form.public_url}` : form.public_url;

/** The client's application forms: create, edit, copy the public link. */
export function ApplicationForms() {
  const { t } = useTranslation();
  const user = useUser();
  const query = useAdminApplications(user?.id ?? '');
  // null: closed; 'new': a new form; else the form edited.
  const [editing, setEditing] = useState<AdminApplication | 'new' | null>(null);
  return (
    <div className="space-y-4">
      <div className="flex justify-end">
        <Button onClick={() => setEditing('new')}>
          <Plus aria-hidden className="size-4" />
          {t('applicants.forms.new')}
        </Button>
      </div>
      {query.isPending && <Skeleton className="h-24 w-full" />}
      {query.isError && <Alert tone="error">{query.error.message}</Alert>}
      {query.data?.applications.length === 0 && (
        <EmptyState
          icon={ClipboardList}
          title={t('applicants.forms.emptyTitle')}
          description={t('applicants.forms.emptyText')}
          headingLevel="h2"
        />
      )}
      <ul className="space-y-3">
        {query.data?.applications.map((form) => (
          <li key={form.id} className="space-y-3 rounded-xl border border-slate-200 bg-white p-4">
            <div className="flex flex-wrap items-start justify-between gap-2">
              <div className="min-w-0">
                <h2 className="font-semibold text-slate-900">{form.title}</h2>
                <p className="text-sm text-slate-600">
                  {t('applicants.forms.summary', {
                    count: form.questions.length,
                    waiting: form.waiting_count,
                  })}
                </p>
              </div>
              <Badge tone={form.is_open ? 'success' : 'neutral'}>
                {form.is_open ? t('applicants.forms.open') : t('applicants.forms.closed')}
              </Badge>
            </div>
            <p className="truncate text-sm text-slate-700">
              <span className="sr-only">{t('applicants.forms.link')} </span>
              {publicLink(form)}
            </p>
            <div className="flex flex-wrap gap-2">
              <Button
                variant="secondary"
                size="sm"
                onClick={() => copyWithToast(publicLink(form), t('applicants.forms.link'))}
                aria-label={t('applicants.forms.copyLinkOf', { title: form.title })}
              >
                <Copy aria-hidden className="size-4" />
                {t('applicants.forms.copyLink')}
              </Button>
              <Button
                variant="secondary"
                size="sm"
                onClick={() => setEditing(form)}
                aria-label={t('applicants.forms.editOf', { title: form.title })}
              >
                <Pencil aria-hidden className="size-4" />
                {t('applicants.forms.edit')}
              </Button>
            </div>
          </li>
        ))}
      </ul>
      {editing && (
        <FormBuilder
          key={editing === 'new' ? 'new' : editing.id}
          form={editing === 'new' ? null : editing}
          isOpen
          onClose={() => setEditing(null)}
        />
      )}
    </div>
  );
}

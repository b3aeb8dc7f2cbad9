import { hasFeature } from '@rally/shared';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../components/ui/button';
import { ProjectsPreview } from '../../features/projects/components/projects-preview';
import { getFeatureIds, useClient } from '../../lib/client';

/**
 * A guest's home (SPEC 6): a welcome that invites them to create an account (feature open) or log in, and the
 * projects to explore; none of a member's own figures (points, rank, trainings), which a guest does not have.
 */
export function GuestHome({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const client = useClient();
  const canCreate = hasFeature(getFeatureIds(client), 'open');
  const projects = t('words.projects').toLocaleLowerCase();
  return (
    <div className="space-y-8">
      <section className="overflow-hidden rounded-3xl bg-brand p-6 text-brand-contrast shadow-sm sm:p-8">
        <h2 className="text-2xl font-bold tracking-tight sm:text-3xl">
          {t('homeGuest.title', { client: client.name })}
        </h2>
        <p className="mt-2 max-w-xl">
          {t(canCreate ? 'homeGuest.text' : 'homeGuest.textClosed', { projects })}
        </p>
        <div className="mt-4 flex flex-wrap gap-3">
          {canCreate && (
            <ButtonLink to="/create" variant="secondary">
              {t('auth.createAccount')}
            </ButtonLink>
          )}
          <ButtonLink to="/login" variant="secondary">
            {t('auth.logIn')}
          </ButtonLink>
        </div>
      </section>
      <ProjectsPreview userId={userId} isGuest />
    </div>
  );
}

import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { applicants, applications } from '../../db/schema/index.ts';

/** The client's applicant with this id and the application they applied to, or undefined. */
export async function findApplicant(
  db: Db,
  { clientId, applicantId }: { clientId: string; applicantId: string },
) {
  const [row] = await db
    .select({ applicant: applicants, application: applications })
    .from(applicants)
    .innerJoin(applications, eq(applications.id, applicants.applicationId))
    .where(and(eq(applicants.id, applicantId), eq(applicants.clientId, clientId)));
  return row;
}

/** The client's open application form with this id, or undefined (unknown, another client's, or closed). */
export async function findOpenApplication(
  db: Db,
  { clientId, applicationId }: { clientId: string; applicationId: string },
) {
  const [row] = await db
    .select()
    .from(applications)
    .where(
      and(
        eq(applications.id, applicationId),
        eq(applications.clientId, clientId),
        eq(applications.isOpen, true),
      ),
    );
  return row;
}

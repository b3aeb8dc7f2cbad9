import {
  type AdminApplication,
  type Applicant,
  type ApplicantQueueItem,
  type ApplicantStatus,
  ApplicationRulesSchema,
  getDisplayName,
  type PublicApplication,
} from '@rally/shared';
import { type ApplicantViewer, applicantAbilities } from './applicants.policy.ts';
import type { ApplicantWithForm, ApplicationRow, QueueRow } from './applicants.repository.ts';

type PersonRow = ApplicantWithForm['person'];

/** The person behind an application, with their display name by SPEC 6. */
export function presentPerson(p: PersonRow) {
  return {
    id: p.id,
    email: p.email,
    display_name: getDisplayName({
      email: p.email,
      first_name: p.firstName,
      last_name: p.lastName,
      username: p.username,
      display_username: p.displayUsername,
    }),
    email_verified: p.emailVerifiedAt !== null,
  };
}

/** A form as its designers see it; `linkOrigin` makes the public link absolute when the client has a domain. */
export function presentAdminApplication(
  row: ApplicationRow,
  waiting: number,
  linkOrigin: string | null,
): AdminApplication {
  const path = `/apply/${row.id}`;
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    cover_image_url: row.coverImageUrl,
    questions: row.questions,
    team_ids: row.teamIds,
    rules: ApplicationRulesSchema.parse(row.rules),
    is_open: row.isOpen,
    public_url: linkOrigin ? `${linkOrigin}${path}` : path,
    waiting_count: waiting,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** An open form as the public sees it. */
export function presentPublicApplication(row: ApplicationRow, clientName: string): PublicApplication {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    cover_image_url: row.coverImageUrl,
    questions: row.questions,
    client_name: clientName,
  };
}

/** An application with answers, for the applicant or a reviewer. */
export function presentApplicant(row: ApplicantWithForm, viewer: ApplicantViewer): Applicant {
  const a = row.applicant;
  return {
    id: a.id,
    status: a.status as ApplicantStatus,
    review_note: a.reviewNote,
    answers: a.answers,
    created_at: a.createdAt.toISOString(),
    updated_at: a.updatedAt.toISOString(),
    decided_at: a.decidedAt?.toISOString() ?? null,
    application: {
      id: row.application.id,
      title: row.application.title,
      questions: row.application.questions,
    },
    person: presentPerson(row.person),
    abilities: applicantAbilities(viewer, a),
  };
}

/** One row of the review queue. */
export function presentQueueItem(row: QueueRow): ApplicantQueueItem {
  return {
    id: row.id,
    status: row.status as ApplicantStatus,
    created_at: row.createdAt.toISOString(),
    application: row.application,
    person: presentPerson(row.person),
  };
}

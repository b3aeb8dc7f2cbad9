import type { ApplicationQuestionInput } from '@rally/shared';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { applicants, applications } from '../../db/schema/index.ts';
import type { TestApp } from '../../test/build-test-app.ts';
import { headersFor, nextAddress, unique } from '../../test/factories.ts';

/** Questions of the test form: one of each kind the rules and checks care about. */
export const TEST_QUESTIONS: ApplicationQuestionInput[] = [
  { id: 'why', type: 'long_text', label: 'Why join?', required: true },
  {
    id: 'where',
    type: 'single_choice',
    label: 'Where do you post?',
    required: true,
    options: ['Instagram', 'TikTok'],
  },
  { id: 'ig', type: 'social_handle', label: 'Instagram profile', channel: 'instagram' },
  { id: 'cv', type: 'file', label: 'Portfolio' },
  { id: 'ok', type: 'consent', label: 'I agree to the rules', required: true },
];

/** Answers that pass every check of TEST_QUESTIONS. */
export const GOOD_ANSWERS = {
  why: 'I love it',
  where: 'Instagram',
  ig: 'https://instagram.com/ana',
  ok: true,
};

/** Creates a form through the admin API (as `adminToken`) and answers its id. */
export async function createForm(t: TestApp, adminToken: string, body: Record<string, unknown> = {}) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/admin/applications',
    headers: headersFor(adminToken),
    payload: { title: unique('Form '), questions: TEST_QUESTIONS, ...body },
  });
  if (res.statusCode !== 201) throw new Error(`form not created: ${res.statusCode} ${res.body}`);
  return res.json().application.id as string;
}

/** Applies to a form without a session, from an address of its own; answers the raw response. */
export function apply(t: TestApp, formId: string, body: Record<string, unknown> = {}, host?: string) {
  return t.app.inject({
    method: 'POST',
    url: `/api/applications/${formId}/applicants`,
    headers: headersFor(undefined, host),
    remoteAddress: nextAddress(),
    payload: {
      email: `${unique('app')}@example.test`,
      password: 'a-good-password',
      first_name: 'Ana',
      last_name: 'Applicant',
      answers: GOOD_ANSWERS,
      ...body,
    },
  });
}

/** Applies and answers the applicant id with the new session's token. */
export async function applyOk(t: TestApp, formId: string, body: Record<string, unknown> = {}, host?: string) {
  const res = await apply(t, formId, body, host);
  if (res.statusCode !== 201) throw new Error(`apply failed: ${res.statusCode} ${res.body}`);
  return {
    applicantId: res.json().applicant_id as string,
    token: res.json().token as string,
    email: res.json().user.email as string,
  };
}

/** A digest of every applicant and form row, to prove a refused call changed nothing. */
export async function applicantRows(db: Db) {
  const a = await db.select().from(applicants).orderBy(applicants.id);
  const f = await db.select().from(applications).orderBy(applications.id);
  return JSON.stringify([a, f]);
}

/** An applicant row by id. */
export async function applicantRow(db: Db, id: string) {
  const [row] = await db.select().from(applicants).where(eq(applicants.id, id));
  return row!;
}

import type { Answers, ApplicantStatus, ApplicationRules } from '@rally/shared';

/** True when the answer equals the rule's value: a text or choice (any case), one of several choices, or "yes". */
function answerMatches(answer: unknown, value: string): boolean {
  const v = value.trim().toLowerCase();
  if (typeof answer === 'string') return answer.trim().toLowerCase() === v;
  if (Array.isArray(answer)) return answer.some((a) => String(a).trim().toLowerCase() === v);
  if (typeof answer === 'boolean') return answer === ['yes', 'true'].includes(v);
  return false;
}

/** True when the email's domain is one of `domains` or a subdomain of one. */
function domainMatches(email: string, domains: readonly string[] | undefined): boolean {
  const host = email.slice(email.lastIndexOf('@') + 1).toLowerCase();
  return (domains ?? []).some((d) => host === d || host.endsWith(`.${d}`));
}

/**
 * The status a new application starts in under the form's automatic rules: rejected when a rejecting rule
 * matches (it wins), approved when an approving rule matches, else pending for a reviewer.
 */
export function autoDecision(rules: ApplicationRules, answers: Answers, email: string): ApplicantStatus {
  const rejects =
    (rules.reject_answer &&
      answerMatches(answers[rules.reject_answer.question_id], rules.reject_answer.value)) ||
    domainMatches(email, rules.reject_domains);
  if (rejects) return 'rejected';
  const approves =
    (rules.approve_answer &&
      answerMatches(answers[rules.approve_answer.question_id], rules.approve_answer.value)) ||
    domainMatches(email, rules.approve_domains);
  return approves ? 'approved' : 'pending';
}

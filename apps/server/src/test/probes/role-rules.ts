import type { Operation } from './openapi-routes.ts';

/**
 * Who may call what (SPEC 6, and SPEC 4 for applicants): the expectation table of the tenant and role matrix.
 * A 2xx answer to anybody outside a route's rule is a defect, whatever the code says today.
 */

/**
 * The Demo actors' roles. SPEC 6 tells two kinds of ANALYST apart: LEAD has team tags (lead@demo.test), ANALYST has
 * none (a global lead the probes create, since the demo has none). GUEST is a ghost user (issue 14).
 */
export type DemoRole = 'ADMIN' | 'ANALYST' | 'LEAD' | 'USER' | 'APPLICANT' | 'GUEST';

/** `public`: anybody, signed in or not; otherwise the roles that may get a 2xx. */
export type Rule = 'public' | readonly DemoRole[];

const SIGNED_IN: readonly DemoRole[] = ['ADMIN', 'ANALYST', 'LEAD', 'USER'];
const ADMIN_AREA: readonly DemoRole[] = ['ADMIN', 'ANALYST', 'LEAD'];
const ADMIN_ONLY: readonly DemoRole[] = ['ADMIN'];

/** Routes outside the session scope: sign-in and sign-up, branding, public files and share pages, open forms. */
const PUBLIC = new Set([
  'POST /api/login',
  'POST /api/logout',
  'POST /api/accounts',
  'POST /api/guests',
  'POST /api/password-reset',
  'POST /api/password-reset/confirm',
  'POST /api/verify',
  'POST /api/verify/resend',
  'POST /api/invitations/accept',
  'GET /api/bootstrap',
  'GET /api/version',
  'GET /api/files/{name}',
  'GET /api/favicon/{clientId}',
  'GET /manifest.webmanifest',
  'GET /api/pwa-icons/{clientId}/{icon}',
  'GET /apple-touch-icon.png',
  'GET /api/applications/{id}',
  'POST /api/applications/{id}/applicants',
  'GET /p/{id}',
  // Single sign-on (issue 24): starting it and the provider's answer are how a signed-out person signs in.
  'GET /api/sso/start',
  'GET /api/sso/callback',
  'POST /api/sso/discover',
  // SAML: the app's metadata (identity providers fetch it) and the provider's answer (a cross-site form post).
  'GET /api/sso/saml/metadata',
  'POST /api/sso/saml/acs',
  // The Microsoft Teams tab trades its pop-up's one-time code for a session (issue 24).
  'POST /api/auth/handoff/redeem',
]);

/**
 * What an applicant may use besides the public routes (SPEC 4: only their own application page and help): their
 * session, device and profile, their application, uploads for it, and the shell's polls.
 */
const APPLICANT_ALLOWED = new Set([
  'GET /api/me',
  'PATCH /api/me',
  'DELETE /api/fcm/{id}',
  'POST /api/time',
  'GET /api/chat/seen',
  'GET /api/notifications',
  'GET /api/notifications/stream',
  'PATCH /api/notifications/{id}',
  'POST /api/notifications/read-all',
  'GET /api/applicants/{id}',
  'PATCH /api/applicants/{id}',
  'POST /api/upload',
]);

/**
 * The admin area, route by route (SPEC 6: "Admin area: ADMIN and ANALYST. General, Badges, Library, Brand Safety,
 * Integrations, E-Commerce, Reporting: ADMIN only"). Where SPEC 6 is silent about writes inside an ADMIN and
 * ANALYST tab, SPEC 1 ("Admins manage the client's projects, users…") and the routes' documented decision make
 * them ADMIN only: leads read Projects, Teams and Users, and review Participation.
 */
const ADMIN_RULES: ReadonlyArray<[RegExp, readonly DemoRole[]]> = [
  [/^(GET|PATCH) \/api\/admin\/client$/, ADMIN_ONLY], // General
  [/^(GET|PUT) \/api\/admin\/client\/custom-url$/, ADMIN_ONLY], // General: custom URL
  [/^\w+ \/api\/admin\/client\/domains\b/, ADMIN_ONLY], // General: custom domains
  [/^\w+ \/api\/admin\/client\/strings$/, ADMIN_ONLY], // General: words and texts (issue 14)
  [/^\w+ \/api\/admin\/sso$/, ADMIN_ONLY], // Integrations: single sign-on (issue 24)
  [/^\w+ \/api\/admin\/api-keys\b/, ADMIN_ONLY], // Integrations: API keys (issue 24)
  [/^\w+ \/api\/admin\/scim-tokens\b/, ADMIN_ONLY], // Integrations: SCIM tokens (issue 24)
  [/^\w+ \/api\/admin\/webhooks\b/, ADMIN_ONLY], // Integrations: webhooks and their delivery log (issue 24)
  [/^GET \/api\/admin\/msteams\/package$/, ADMIN_ONLY], // Integrations: the Microsoft Teams app (issue 24)
  [/^\w+ \/api\/admin\/library\//, ADMIN_ONLY], // Library
  [/^\w+ \/api\/admin\/safety\//, ADMIN_ONLY], // Brand Safety
  [/^GET \/api\/admin\/(projects|activities)\b/, ADMIN_AREA], // Projects tab: leads look
  [/^(POST|PUT|PATCH|DELETE) \/api\/admin\/(projects|activities)\b/, ADMIN_ONLY],
  [/^\w+ \/api\/admin\/participations\b/, ADMIN_AREA], // Participation: leads review their teams'
  // A member's personal data on request (issue 14): export and erase are the admins'.
  [/^\w+ \/api\/admin\/users\/\{id\}\/(export|erase)$/, ADMIN_ONLY],
  [/^GET \/api\/admin\/(teams|users)\b/, ADMIN_AREA], // Users tab, with teams
  // People administration (issue 14): an ANALYST manages the members of their teams (all with no team tags) and
  // never grants ADMIN; the commands decide per user.
  [/^(POST|PATCH|DELETE) \/api\/admin\/users\b/, ADMIN_AREA],
  [/^(POST|PUT|PATCH|DELETE) \/api\/admin\/teams\b/, ADMIN_ONLY],
  [/^\w+ \/api\/admin\/(audit|contracts)\b/, ADMIN_ONLY], // Audit log (Users tab) and contracts (General)
  // Chat tab (issue 12): the brand team (ADMIN and ANALYST) answers members; settings, project channels, canned-reply
  // writes and removing others' messages are the admins'.
  [/^(GET|PATCH) \/api\/admin\/chat\/settings$/, ADMIN_ONLY],
  [/^(PUT|DELETE) \/api\/admin\/chat\/projects\//, ADMIN_ONLY],
  [/^(POST|PATCH|DELETE) \/api\/admin\/chat\/canned-replies\b/, ADMIN_ONLY],
  [/^DELETE \/api\/admin\/chat\/messages\//, ADMIN_ONLY],
  [/^\w+ \/api\/admin\/chat\/broadcasts\b/, ADMIN_ONLY], // broadcasts and their counts
  [/^\w+ \/api\/admin\/chat\//, ADMIN_AREA],
  // Applicants (issue 14; SPEC 5 and 6 leadOnly): forms, the review queue and decisions are ADMIN's and the
  // global lead's (ANALYST without team tags); a lead with team tags may not.
  [/^\w+ \/api\/admin\/(applications|applicants)\b/, ['ADMIN', 'ANALYST']],
  // Badges (issue 13): ADMIN only (SPEC 6), reads included: a lead sees neither the list, a badge nor its awards.
  [/^\w+ \/api\/admin\/badges\b/, ADMIN_ONLY],
  // Dashboard (issue 13): the admin area's landing page; a lead with team tags sees their teams' figures only.
  [/^GET \/api\/admin\/dashboard$/, ADMIN_AREA],
  // Reporting (issue 13): reports, their exports and scheduled report emails are ADMIN only (SPEC 6).
  [/^\w+ \/api\/admin\/(reports|report-subscriptions)\b/, ADMIN_ONLY],
];

/** Routes outside /api/admin with a role rule of their own. */
const OTHER_RULES: Record<string, readonly DemoRole[]> = {
  // Applicants (SPEC 6): ADMIN, or ANALYST without team tags; the applicant sees only their own application,
  // and the id probed is applicant@demo.test's. A lead with team tags may not.
  'GET /api/applicants/{id}': ['ADMIN', 'ANALYST', 'APPLICANT'],
  // Only the applicant changes their answers (reviewers decide, they do not edit).
  'PATCH /api/applicants/{id}': ['APPLICANT'],
  // Pinned announcements are the admins' (posts.routes.ts); SPEC 6 gives leads no such power.
  'POST /api/posts/{id}/pin': ADMIN_ONLY,
  'DELETE /api/posts/{id}/pin': ADMIN_ONLY,
  // The Microsoft Teams sign-in handoff (issue 24): whoever may log in with a password, so no guest.
  'POST /api/auth/handoff': [...SIGNED_IN, 'APPLICANT'],
  // The public API (issue 24) answers API keys only: no session of any role.
  'GET /api/v1/members': [],
  'GET /api/v1/teams': [],
  'GET /api/v1/projects': [],
  'GET /api/v1/projects/{id}/activities': [],
  'GET /api/v1/participations': [],
  'GET /api/v1/members/{id}/points': [],
  'POST /api/v1/points': [],
};

/**
 * What a guest may write (issue 14: guests read projects and the feed, and every action that writes asks them to
 * create an account): only ending the session, the time ping, their device and their notifications' read state.
 */
const GUEST_WRITES = new Set([
  'POST /api/logout',
  'POST /api/time',
  'DELETE /api/fcm/{id}',
  'PATCH /api/me',
  'PATCH /api/notifications/{id}',
  'POST /api/notifications/read-all',
]);

/** The rule of an operation; throws for an admin route nobody gave a rule, so a new admin route gets one. */
export function ruleOf(op: Operation): Rule {
  if (PUBLIC.has(op.key)) return 'public';
  // The SCIM service (issue 24) answers the client's SCIM tokens only: no session of any role.
  if (op.path.startsWith('/scim/v2/')) return [];
  const other = OTHER_RULES[op.key];
  if (other) return withApplicant(op, other);
  if (op.path.startsWith('/api/admin/')) {
    const found = ADMIN_RULES.find(([re]) => re.test(op.key));
    if (!found) throw new Error(`add a role rule for ${op.key} in apps/server/src/test/probes/role-rules.ts`);
    return found[1];
  }
  return withGuest(op, withApplicant(op, SIGNED_IN));
}

// SPEC 6: chat is never shown to guests (only the shell's unread poll answers them, with nothing unread); otherwise a
// guest reads what a member reads and writes only GUEST_WRITES.
const withGuest = (op: Operation, roles: readonly DemoRole[]): readonly DemoRole[] => {
  const isRead = op.method === 'GET';
  const isChat = op.path.startsWith('/api/chat/') && op.key !== 'GET /api/chat/seen';
  return roles.includes('USER') && !isChat && (isRead || GUEST_WRITES.has(op.key))
    ? [...roles, 'GUEST']
    : roles;
};

const withApplicant = (op: Operation, roles: readonly DemoRole[]): readonly DemoRole[] =>
  APPLICANT_ALLOWED.has(op.key) && !roles.includes('APPLICANT') ? [...roles, 'APPLICANT'] : roles;

/** True when the rule lets `role` (null: nobody signed in on this client) get a 2xx. */
export function mayCall(rule: Rule, role: DemoRole | null): boolean {
  if (rule === 'public') return true;
  return role !== null && rule.includes(role);
}

/**
 * Upload types only admins may send (they change the client's branding or shared content); the matrix probes
 * POST /api/upload once with such a type and expects ADMIN only.
 */
export const ADMIN_UPLOAD_PROBE = { type: 'favicon', rule: ADMIN_ONLY } as const;

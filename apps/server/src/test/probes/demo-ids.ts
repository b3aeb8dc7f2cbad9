import type { Database } from '../../db/client.ts';

/** Real ids of the Demo client, one row per kind, for the path parameters the probes fill in. */

/** Each kind of id and the table its rows live in (empty for values that are not a row id). */
export const ID_TABLES = {
  post: 'posts',
  comment: 'comments',
  project: 'projects',
  activity: 'activities',
  team: 'teams',
  user: 'users',
  notification: 'notifications',
  participation: 'participations',
  template: 'templates',
  creative: 'creatives',
  moderationItem: 'moderation_items',
  safetyRule: 'safety_rules',
  share: 'shares',
  applicant: 'applicants',
  application: 'applications',
  device: '',
  contract: 'contracts',
  client: 'clients',
  file: '',
  icon: '',
  chatConversation: 'chat_conversations',
  chatMessage: 'chat_messages',
  chatCannedReply: 'chat_canned_replies',
  chatBroadcast: 'chat_broadcasts',
  badge: 'badges',
  userImport: '',
  report: '',
  reportExport: 'report_exports',
  reportSubscription: 'report_subscriptions',
  domain: '',
  apiKey: 'api_keys',
  scimToken: 'scim_tokens',
  scimSchema: '',
  scimResourceType: '',
  webhook: 'webhook_endpoints',
  webhookDelivery: 'webhook_deliveries',
} as const;

export type IdSource = keyof typeof ID_TABLES;
export type DemoIds = Record<IdSource, string>;

// A parameter named like this takes its id from that source, whatever the path.
const BY_PARAM: Record<string, IdSource> = {
  userId: 'user',
  teamId: 'team',
  clientId: 'client',
  name: 'file',
  icon: 'icon',
  report: 'report',
  host: 'domain',
};

// Otherwise the path segment before the parameter names the kind: /api/posts/{id} is a post.
const BY_SEGMENT: Record<string, IdSource> = {
  posts: 'post',
  comments: 'comment',
  projects: 'project',
  activities: 'activity',
  teams: 'team',
  users: 'user',
  notifications: 'notification',
  participations: 'participation',
  templates: 'template',
  creatives: 'creative',
  queue: 'moderationItem',
  rules: 'safetyRule',
  shares: 'share',
  applicants: 'applicant',
  applications: 'application',
  fcm: 'device',
  favicon: 'client',
  files: 'file',
  p: 'share',
  conversations: 'chatConversation',
  messages: 'chatMessage',
  'canned-replies': 'chatCannedReply',
  broadcasts: 'chatBroadcast',
  badges: 'badge',
  imports: 'userImport',
  exports: 'reportExport',
  'report-subscriptions': 'reportSubscription',
  'api-keys': 'apiKey',
  'scim-tokens': 'scimToken',
  // SCIM (issue 24): /scim/v2/Users/{id} is a member, /scim/v2/Groups/{id} a team.
  Users: 'user',
  Groups: 'team',
  Schemas: 'scimSchema',
  ResourceTypes: 'scimResourceType',
  webhooks: 'webhook',
  deliveries: 'webhookDelivery',
  members: 'user', // /api/v1/members/{id}: a member is a user
};

/**
 * Which kind of id fills `param` of `path` (OpenAPI form). Throws for a parameter nobody mapped yet, so a new route
 * is probed with a real id instead of silently answering 404 to every actor.
 */
export function idSourceOf(path: string, param: string): IdSource {
  if (BY_PARAM[param]) return BY_PARAM[param];
  const segments = path.split('/');
  const before = segments[segments.indexOf(`{${param}}`) - 1] ?? '';
  const source = BY_SEGMENT[before];
  if (!source) {
    throw new Error(
      `add an id source for ${path.replace(/\{(\w+)\}/g, ':$1')} (param ${param}) in apps/server/src/test/probes/demo-ids.ts`,
    );
  }
  return source;
}

/** Throws one error naming every path parameter of `ops` that has no id source yet. */
export function checkIdSources(ops: ReadonlyArray<{ path: string; pathParams: string[] }>): void {
  const missing = ops.flatMap((op) =>
    op.pathParams.flatMap((param) => {
      try {
        idSourceOf(op.path, param);
        return [];
      } catch (error) {
        return [(error as Error).message];
      }
    }),
  );
  if (missing.length > 0) throw new Error(missing.join('\n'));
}

// Emails of the actors: the "user" id is somebody else, so that follow, profile and admin edits aim at a bystander.
const ACTOR_EMAILS = ['admin@demo.test', 'lead@demo.test', 'member@demo.test', 'applicant@demo.test'];

/** The query of each kind, choosing a row every role can at least try (published, not archived, member's own). */
function idQueries(): Record<Exclude<IdSource, 'file' | 'client' | 'icon' | 'report'>, string> {
  const member = `(select id from users where client_id = $1 and email = 'member@demo.test')`;
  return {
    post: `select id from posts where client_id = $1 and status = 'published' and removed_at is null
      and team_id is null and pinned_at is null order by id limit 1`,
    comment: 'select id from comments where client_id = $1 order by id limit 1',
    project: 'select id from projects where client_id = $1 and archived_at is null order by id limit 1',
    activity: `select a.id from activities a join projects p on p.id = a.project_id where a.client_id = $1
      and a.archived_at is null and p.archived_at is null order by (a.type = 'general_participation') desc, a.id limit 1`,
    team: `select team_id as id from team_members where client_id = $1 and user_id = ${member} order by team_id limit 1`,
    user: `select id from users where client_id = $1 and role = 'USER' and email <> all($2) order by email limit 1`,
    notification: `select id from notifications where client_id = $1 and user_id = ${member} order by id limit 1`,
    participation: `select id from participations where client_id = $1 order by (status = 'pending') desc, id limit 1`,
    template: 'select id from templates where client_id = $1 and archived_at is null order by id limit 1',
    creative: 'select id from creatives where client_id = $1 and archived_at is null order by id limit 1',
    moderationItem: 'select id from moderation_items where client_id = $1 order by id limit 1',
    safetyRule: 'select id from safety_rules where client_id = $1 order by id limit 1',
    share: 'select id from shares where client_id = $1 order by id limit 1',
    applicant: 'select id from applicants where client_id = $1 order by id limit 1',
    application: 'select id from applications where client_id = $1 order by id limit 1',
    // DELETE /api/fcm/{id} takes the device's own id (the app's deviceId), not the row id.
    device: `select device_id as id from devices where client_id = $1 and user_id = ${member} order by id limit 1`,
    contract: 'select contract_id as id from clients where id = $1',
    // member@demo.test's brand-team line: theirs on /api/chat, the brand team's on /api/admin/chat.
    chatConversation: `select id from chat_conversations where client_id = $1 and kind = 'brand' and member_id = ${member}`,
    chatMessage: `select m.id from chat_messages m join chat_conversations c on c.id = m.conversation_id
      where m.client_id = $1 and c.kind = 'brand' and c.member_id = ${member} and m.author_id = ${member}
      order by m.id limit 1`,
    chatCannedReply: 'select id from chat_canned_replies where client_id = $1 order by id limit 1',
    chatBroadcast: 'select id from chat_broadcasts where client_id = $1 order by id limit 1',
    // The manual badge, so that awarding and revoking by hand can succeed for the roles allowed.
    badge: `select id from badges where client_id = $1 and archived_at is null order by (criterion = 'manual') desc, id limit 1`,
    // A CSV import's id (its job's payload); the demo has none unless one ran, then every actor gets 404.
    userImport: `select coalesce((select payload->>'importId' from jobs where kind = 'users.import'
      and payload->>'clientId' = $1::text order by created_at limit 1), '00000000-0000-4000-8000-000000000000') as id`,
    // A report export and a scheduled report; the demo has none unless one was made, then every actor gets 404.
    reportExport: `select coalesce((select id::text from report_exports where client_id = $1 order by id limit 1),
      '00000000-0000-4000-8000-000000000000') as id`,
    reportSubscription: `select coalesce((select id::text from report_subscriptions where client_id = $1
      order by id limit 1), '00000000-0000-4000-8000-000000000000') as id`,
    // An API key; the demo has none unless one was made, then every actor gets 404.
    apiKey: `select coalesce((select id::text from api_keys where client_id = $1 order by id limit 1),
      '00000000-0000-4000-8000-000000000000') as id`,
    // A webhook and one of its deliveries; the demo has none unless one was made, then every actor gets 404.
    webhook: `select coalesce((select id::text from webhook_endpoints where client_id = $1 order by id limit 1),
      '00000000-0000-4000-8000-000000000000') as id`,
    webhookDelivery: `select coalesce((select id::text from webhook_deliveries where client_id = $1
      order by id limit 1), '00000000-0000-4000-8000-000000000000') as id`,
    // A SCIM token; the demo has none unless one was made, then every actor gets 404.
    scimToken: `select coalesce((select id::text from scim_tokens where client_id = $1 order by id limit 1),
      '00000000-0000-4000-8000-000000000000') as id`,
    // A SCIM schema's URN and resource type's name (the same for every client).
    scimSchema: `select 'urn:ietf:params:scim:schemas:core:2.0:User' as id from clients where id = $1`,
    scimResourceType: `select 'User' as id from clients where id = $1`,
    // A custom domain's host (its key): the Demo's primary, the host the probes' requests come on.
    domain:
      'select host as id from client_domains where client_id = $1 order by is_primary desc, host limit 1',
  };
}

/** One real id of each kind of the client; throws when the data lacks a kind, naming it. */
export async function loadDemoIds(database: Database, clientId: string): Promise<DemoIds> {
  // An app icon's file name (GET /api/pwa-icons/{clientId}/{icon}).
  const ids: Partial<DemoIds> = { client: clientId, icon: '192.png', report: 'participation' };
  for (const [source, query] of Object.entries(idQueries())) {
    const params = query.includes('$2') ? [clientId, ACTOR_EMAILS] : [clientId];
    const { rows } = await database.rawQuery(query, params);
    if (!rows[0]) throw new Error(`The probe data has no ${source} of the Demo client`);
    ids[source as IdSource] = String(rows[0].id);
  }
  const { rows } = await database.rawQuery(
    `select key from uploads where client_id = $1 and content_type like 'image/%' order by id limit 1`,
    [clientId],
  );
  // Files are served as /api/files/{id}.{ext}; the storage key is {clientId}/{id}.{ext}.
  ids.file =
    String(rows[0]?.key ?? '')
      .split('/')
      .pop() ?? '';
  return ids as DemoIds;
}

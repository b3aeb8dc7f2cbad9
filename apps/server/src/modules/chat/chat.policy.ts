import type { ChatDmPolicy, ChatKind, Role } from '@rally/shared';
import { allow, type Decision, deny, roleIn } from '../../lib/authorize.ts';

/** Who may do what in chat (pure functions; the routes and commands load the rows). */

/** The signed-in person as chat sees them. */
export interface ChatViewer {
  id: string;
  clientId: string;
  role: Role;
  /** Teams an ANALYST leads; none means a lead of every team. */
  teamTags: readonly string[];
  /** Display name, as notifications say it. */
  name: string;
}

/** The brand team: the client's admins and leads, who answer members' brand-team conversations (/admin/chat). */
export const isBrandTeam = (role: Role) => role === 'ADMIN' || role === 'ANALYST';

/**
 * Chat needs feature chat, and is never for guests (ghost users) or applicants (SPEC 6). Answered 403 like the
 * community's feature gate.
 */
export function mayUseChat(user: { role: Role; is_ghost: boolean }, features: readonly string[]): Decision {
  if (!features.includes('chat')) return deny('Chat is not enabled for this app', 'feature_off');
  if (user.is_ghost || user.role === 'APPLICANT') return deny('Chat is for members of this app', 'no_chat');
  return allow;
}

/** Whether the user has any chat to count (GET /api/chat/seen answers nothing for guests and applicants). */
export const hasChat = (user: { role: Role; is_ghost: boolean }) =>
  !user.is_ghost && user.role !== 'APPLICANT';

/**
 * Whether `starter` may start a direct message or group with `other` under the client's setting: the brand team
 * may message anyone, and anyone may message the brand team; otherwise anyone in the client, only people who share a
 * team with the starter, or nobody else.
 */
export function mayMessage(
  dmPolicy: ChatDmPolicy,
  starter: { role: Role },
  other: { role: Role; sharesTeam: boolean },
): Decision {
  if (isBrandTeam(starter.role) || isBrandTeam(other.role) || dmPolicy === 'anyone') return allow;
  if (dmPolicy === 'teammates') {
    return other.sharesTeam
      ? allow
      : deny('You can only message members of your $t(words.teams)', 'dm_policy');
  }
  return deny('You can only message the brand team', 'dm_policy');
}

/** Whom the starter may message at all, as a filter of people: everyone, teammates (and the brand team), the brand team. */
export function contactScope(dmPolicy: ChatDmPolicy, starter: { role: Role }): ChatDmPolicy {
  return isBrandTeam(starter.role) ? 'anyone' : dmPolicy;
}

/** Each member has one brand-team line; the brand team itself answers them from /admin/chat instead. */
export const mayStartBrandConversation = (user: { role: Role }): Decision =>
  isBrandTeam(user.role)
    ? deny('The brand team answers brand-team conversations from the admin chat', 'brand_team')
    : allow;

/** The conversation as the policies need it. */
export interface ConversationFacts {
  kind: ChatKind;
  archived_at: Date | string | null;
  /** Whether the viewer started it (member lists only). */
  is_starter?: boolean;
}

/**
 * What a member may do with a conversation. A group's members: any of them adds people, each may leave, and the one
 * who started it removes others (the other kinds' members follow their pair, team, project or member).
 */
export function getConversationAbilities(c: ConversationFacts) {
  const isGroup = c.kind === 'group';
  return {
    can_post: c.archived_at === null,
    can_rename: isGroup,
    can_add_members: isGroup,
    can_remove_members: isGroup && c.is_starter === true,
    can_leave: isGroup,
  };
}

/** Adding people is for a group's members. */
export const mayAddMembers = (c: ConversationFacts): Decision =>
  getConversationAbilities(c).can_add_members ? allow : deny('Only a group conversation takes new members');

/** A member leaves a group; its starter removes others. */
export function mayRemoveMember(viewer: { id: string }, c: ConversationFacts, userId: string): Decision {
  const abilities = getConversationAbilities(c);
  if (userId === viewer.id)
    return abilities.can_leave ? allow : deny('Only a group conversation can be left');
  return abilities.can_remove_members
    ? allow
    : deny('Only the member who started this group can remove others');
}

/** Only a group has a title its members may change. */
export const mayRename = (c: ConversationFacts): Decision =>
  getConversationAbilities(c).can_rename ? allow : deny('Only a group conversation can be renamed');

/** The message as the policies need it. */
export interface MessageFacts {
  author_id: string | null;
  parent_id: string | null;
  status: string;
  deleted_at: Date | string | null;
}

/**
 * What the viewer may do with a message. `asBrandTeam`: the brand team reading a member's brand-team conversation
 * from /admin/chat (they reply; admins remove through moderation).
 *
 * Two ways a message goes: `can_delete`, its author deleting their own (DELETE /api/chat/messages/{id}); and
 * `can_remove`, an ADMIN removing it as moderation (DELETE /api/admin/chat/messages/{id}, with an audit row): in
 * /chat the messages of others in the conversations the admin is in, in /admin/chat any message of the line. Members
 * and ANALYSTs never remove.
 */
export function getMessageAbilities(
  v: { id: string; role: Role },
  m: MessageFacts,
  c: ConversationFacts,
  asBrandTeam = false,
) {
  const isOwn = m.author_id === v.id;
  const isLive = m.deleted_at === null && m.status === 'published';
  const isOpen = c.archived_at === null;
  const isModerator = v.role === 'ADMIN';
  return {
    can_edit: !asBrandTeam && isOwn && m.deleted_at === null && isOpen,
    can_delete: !asBrandTeam && isOwn && m.deleted_at === null,
    can_remove: isModerator && m.deleted_at === null && (asBrandTeam || !isOwn),
    can_reply: m.parent_id === null && isLive && isOpen,
    can_react: !asBrandTeam && isLive && isOpen,
    can_report: !asBrandTeam && !isOwn && isLive,
  };
}

/** Only the author edits a message, while it is not deleted (a held one waits for review: 409). */
export const mayEditMessage = (
  v: { id: string; role: Role },
  m: MessageFacts,
  c: ConversationFacts,
): Decision =>
  getMessageAbilities(v, m, c).can_edit ? allow : deny('Only the author can edit this message');

/** Only the author deletes a message (admins remove any through /api/admin/chat/messages/{id}). */
export const mayDeleteMessage = (
  v: { id: string; role: Role },
  m: MessageFacts,
  c: ConversationFacts,
): Decision =>
  getMessageAbilities(v, m, c).can_delete ? allow : deny('Only the author can delete this message');

/** A member reports someone else's published message. */
export const mayReport = (v: { id: string; role: Role }, m: MessageFacts, c: ConversationFacts): Decision =>
  getMessageAbilities(v, m, c).can_report ? allow : deny('You can report only published messages of others');

// ---- The brand team (/admin/chat) ----

/** The brand-team inbox is the admins' and leads' (SPEC 6: Admin area, tab Chat). */
export const mayUseInbox = (user: { role: Role }): Decision =>
  roleIn(user.role, ['ADMIN', 'ANALYST'], 'answer brand-team conversations');

/** Which members' brand-team conversations a colleague sees: all, or those of members of their teams. */
export type InboxScope = { kind: 'all' } | { kind: 'teams'; teamIds: readonly string[] };

/**
 * An ADMIN, or an ANALYST without team tags, sees every member's conversation; a lead with team tags only those of
 * members of their teams (as participation review scopes them).
 */
export function inboxScope(user: { role: Role; teamTags: readonly string[] }): InboxScope {
  if (user.role === 'ANALYST' && user.teamTags.length > 0) return { kind: 'teams', teamIds: user.teamTags };
  return { kind: 'all' };
}

/** A conversation is assigned only to a colleague of the brand team. */
export const mayBeAssigned = (assignee: { role: Role } | undefined): Decision =>
  assignee && isBrandTeam(assignee.role)
    ? allow
    : deny('assignee_id must be an admin or lead of this app', 'not_brand_team');

/** Chat settings (who may message whom) and project channels are the admins'. */
export const manageChat = (user: { role: Role }): Decision =>
  roleIn(user.role, ['ADMIN'], 'change chat settings');

/** Canned replies are read by the whole brand team and written by admins. */
export const mayWriteCannedReplies = (user: { role: Role }): Decision =>
  roleIn(user.role, ['ADMIN'], 'change canned replies');

/** Admins remove any message of their client (moderation, with an audit row). */
export const mayRemoveAnyMessage = (user: { role: Role }): Decision =>
  roleIn(user.role, ['ADMIN'], 'remove messages of others');

/** Broadcasts to members (and their delivery counts) are the admins'. */
export const mayBroadcast = (user: { role: Role }): Decision =>
  roleIn(user.role, ['ADMIN'], 'send broadcasts');

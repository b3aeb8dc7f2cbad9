/** Roles (SPEC 6). */
export const ROLES = ['ADMIN', 'ANALYST', 'APPLICANT', 'USER'] as const;
export type Role = (typeof ROLES)[number];

/** Known client features (SPEC 6: the full list is not shown; these are the ones the product uses). */
export const FEATURES = ['open', 'chat', 'community', 'training', 'ecommerce', 'leaderboard'] as const;
export type Feature = (typeof FEATURES)[number];

/** Social channels (SPEC 3). */
export const SOCIAL_CHANNELS = [
  'facebook',
  'instagram',
  'instagram_legacy',
  'linkedin',
  'tiktok',
  'tiktok_legacy',
  'twitter',
] as const;
export type SocialChannel = (typeof SOCIAL_CHANNELS)[number];

/** Post character limits per channel (SPEC 9). */
export const POST_CHARACTER_LIMITS: Readonly<Record<string, number>> = {
  instagram: 2200,
  twitter: 280,
  linkedin: 3000,
};
/** Limit of every channel not listed above (SPEC 9). */
export const DEFAULT_POST_CHARACTER_LIMIT = 63206;

/** Activity types (SPEC 1); 'all' is the filter that shows every type. */
export const ACTIVITY_TYPES = [
  'social_post',
  'general_participation',
  'content_submission',
  'training',
] as const;
export type ActivityType = (typeof ACTIVITY_TYPES)[number];
export const ACTIVITY_FILTERS = ['all', ...ACTIVITY_TYPES] as const;
/** Labels shown for activity types where SPEC 1 names one. */
export const ACTIVITY_LABELS: Readonly<Record<string, string>> = {
  social_post: 'Personal Page',
  content_submission: 'Brand Content',
};

/** Push platforms a device may register with. */
export const DEVICE_PLATFORMS = ['ios', 'android', 'web'] as const;
/** Upload kinds accepted by POST /api/upload (the multipart `type` field). */
export const UPLOAD_TYPES = [
  'avatar',
  'client-logo',
  'client-home-image',
  'favicon',
  'team-image',
  'post',
  'creative',
  'submission',
  'training',
  'chat',
] as const;
export type UploadType = (typeof UPLOAD_TYPES)[number];

/** What creates a notification (issue 4); members choose which of these are pushed to their devices. */
export const NOTIFICATION_KINDS = [
  'mention',
  'comment',
  'reaction',
  'follow',
  'participation_approved',
  'participation_rejected',
  'new_project',
  'new_activity',
  'team_announcement',
  'chat_message',
  'badge_earned',
  'application_update',
  'integration_alert',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];
/** Kinds only admins ever receive (an integration stopped working): a member's settings need not offer them. */
export const ADMIN_NOTIFICATION_KINDS = ['integration_alert'] as const satisfies readonly NotificationKind[];

/**
 * The keys of the notification texts the server can name instead of (besides) English words (issue 14): a
 * notification's `message.key` (its title) and `message.body_key` (a body of the app's own words), looked up in the
 * server's catalog for pushes (modules/notifications/notification-texts.ts) and by the web under
 * `notifications.messages.<key>` (locales/<lang>/later/notifications.json). Placeholders are `{{name}}`.
 */
export const NOTIFICATION_MESSAGE_KEYS = [
  'comment',
  'reaction',
  'follow',
  'mention_post',
  'mention_comment',
  'team_announcement',
  'participation_approved',
  'participation_rejected',
  'new_project',
  'project_invite',
  'new_activity',
  'badge_earned',
  'badge_earned_bronze',
  'badge_earned_silver',
  'badge_earned_gold',
  'chat_mention',
  'chat_to_brand_team',
  'chat_thread_reply',
  'chat_direct',
  'chat_brand_reply',
  'chat_in_conversation',
  'chat_group',
  'application_approved',
  'application_rejected',
  'application_info_requested',
  'application_received',
  'welcome',
  'team_joined',
  'complete_profile',
  'webhook_disabled',
  // Bodies.
  'points_earned',
  'removed_by_review',
  'chat_file',
  'welcome_text',
  'team_joined_text',
  'complete_profile_text',
  'webhook_disabled_text',
] as const;
export type NotificationMessageKey = (typeof NOTIFICATION_MESSAGE_KEYS)[number];

/** Reactions a member can give a feed post (one per member and post). */
export const REACTION_KINDS = ['like', 'love', 'celebrate', 'insightful'] as const;
export type ReactionKind = (typeof REACTION_KINDS)[number];

/** Leaderboard periods: this week (from Monday, UTC), this month, all time. */
export const LEADERBOARD_PERIODS = ['week', 'month', 'all'] as const;
export type LeaderboardPeriod = (typeof LEADERBOARD_PERIODS)[number];

import { z } from 'zod';

/** A member as lists show them (team members, followers, following). */
export const PersonSchema = z.object({
  id: z.string(),
  /** Display name by SPEC 6, computed by the server. */
  display_name: z.string(),
  image_url: z.string().nullable(),
  /** 'City, State, Country' from the parts that are set, or null. */
  location: z.string().nullable(),
});
export type Person = z.infer<typeof PersonSchema>;

/** A page of people; `next_cursor` is the id of the last person when more exist (SPEC 7). */
export const PeoplePageResponseSchema = z.object({
  users: z.array(PersonSchema),
  next_cursor: z.string().nullable(),
});
export type PeoplePage = z.infer<typeof PeoplePageResponseSchema>;

/** One entry of a profile's recent activity: a completed participation or a feed post. */
export const ProfileActivitySchema = z.object({
  kind: z.enum(['participation', 'post']),
  id: z.string(),
  /** Activity title, or the post's text (shortened). */
  title: z.string(),
  /** Project name for a participation; null for a post. */
  context: z.string().nullable(),
  /** Where it opens in the app. */
  link: z.string(),
  at: z.string(),
});
export type ProfileActivity = z.infer<typeof ProfileActivitySchema>;

export const ProfileBadgeSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  image_url: z.string().nullable(),
  earned_at: z.string(),
});

/** GET /api/users/{id}/profile: a member's public profile. */
export const ProfileSchema = z.object({
  id: z.string(),
  display_name: z.string(),
  image_url: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  country: z.string().nullable(),
  location: z.string().nullable(),
  bio: z.string().nullable(),
  /** i18n key of the role label (roles.user, roles.lead…), overridable by the client's role labels. */
  role_label_key: z.string(),
  /** All-time points. */
  points: z.number().int(),
  badges: z.array(ProfileBadgeSchema),
  follower_count: z.number().int(),
  following_count: z.number().int(),
  is_following: z.boolean(),
  /** Whether it is the signed-in member's own profile. */
  is_self: z.boolean(),
  teams: z.array(z.object({ id: z.string(), name: z.string(), image_url: z.string().nullable() })),
  recent_activity: z.array(ProfileActivitySchema),
});
export type Profile = z.infer<typeof ProfileSchema>;
export const ProfileResponseSchema = z.object({ profile: ProfileSchema });

import {
  type AdminParticipation,
  AdminParticipationSchema,
  type Client,
  ClientSchema,
  type Post,
  PostSchema,
  type User,
  UserSchema,
} from '@rally/shared';

/**
 * Test data, each built through its shared zod schema: a fixture that drifts from the API contract fails where
 * it is made, not in a component far away.
 */

/** A stable, valid UUID (v4 shape) for a small number: ids in tests read as testId(1), testId(2)… */
export function testId(n: number): string {
  return `00000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;
}

const CREATED_AT = '2025-05-01T09:00:00.000Z';

/** The client the tests run for: community and leaderboard on, no contract, not paused. */
export function buildClient(overrides: Partial<Client> = {}): Client {
  return ClientSchema.parse({
    id: testId(900),
    name: 'Acme',
    image_url: null,
    home_image_url: null,
    features: [{ id: 'community' }, { id: 'leaderboard' }],
    channels: ['linkedin'],
    contract_id: null,
    config: {
      branch_key: null,
      primary_color: '#007E97',
      secondary_color: '#F5A623',
      terms_url: null,
      home_image: { class: null, width: 1200, height: 600 },
      project: { singular: 'Project', plural: 'Projects' },
      team: { singular: 'Team', plural: 'Teams' },
      role_labels: {},
      i18n_namespace: null,
      paused: false,
      pause_override: [],
      white_label: false,
      community_variant: 'full',
    },
    has_teams: false,
    strings: {},
    ...overrides,
  });
}

/** An onboarded, verified member of buildClient() (role USER unless given). */
export function buildUser(overrides: Partial<User> = {}): User {
  const client = overrides.client ?? buildClient();
  return UserSchema.parse({
    id: testId(1),
    email: 'ada@example.com',
    username: null,
    display_username: false,
    first_name: 'Ada',
    last_name: 'Lovelace',
    image_url: null,
    city: null,
    state: null,
    country: null,
    bio: null,
    role: 'USER',
    client_id: client.id,
    client,
    contract_id: null,
    contract_agreed_at: null,
    onboarded_at: CREATED_AT,
    email_verified_at: CREATED_AT,
    created_at: CREATED_AT,
    team_tags: [],
    applications: [],
    membership: [],
    is_ghost: false,
    ...overrides,
  });
}

/** A published post by Grace Hopper that the viewer may only react to and comment on. */
export function buildPost(overrides: Partial<Post> = {}): Post {
  return PostSchema.parse({
    id: testId(100),
    kind: 'post',
    author: {
      id: testId(2),
      display_name: 'Grace Hopper',
      username: null,
      display_username: false,
      first_name: 'Grace',
      last_name: 'Hopper',
      image_url: null,
    },
    team_id: null,
    body: 'Shipped the new compiler today.',
    images: [],
    link: null,
    mentions: [],
    status: 'published',
    pinned_at: null,
    comment_count: 0,
    reaction_count: 0,
    reactions: { like: 0, love: 0, celebrate: 0, insightful: 0 },
    my_reaction: null,
    abilities: { can_edit: false, can_delete: false, can_pin: false },
    edited_at: null,
    created_at: new Date(Date.now() - 5 * 60_000).toISOString(),
    ...overrides,
  });
}

/** A pending Brand Content submission by Grace Hopper, waiting for review. */
export function buildParticipation(overrides: Partial<AdminParticipation> = {}): AdminParticipation {
  return AdminParticipationSchema.parse({
    id: testId(300),
    status: 'pending',
    activity: { id: testId(301), title: 'Share your launch photo', type: 'content_submission', points: 50 },
    project: { id: testId(302), name: 'Spring launch' },
    user: { id: testId(2), display_name: 'Grace Hopper', email: 'grace@example.com', image_url: null },
    data: { caption: 'Our booth at the #springlaunch', media_urls: [] },
    share: null,
    reject_reason: null,
    created_at: new Date(Date.now() - 60 * 60_000).toISOString(),
    reviewed_at: null,
    ...overrides,
  });
}

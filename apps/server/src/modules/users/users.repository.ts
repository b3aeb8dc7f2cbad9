import type { Locale, Role } from '@rally/shared';
import { and, eq, sql } from 'drizzle-orm';
import { type Db, selectRows } from '../../db/client.ts';
import {
  activeTime,
  activities,
  contracts,
  devices,
  sessions,
  trainingTime,
  users,
} from '../../db/schema/index.ts';

/** A user row with what /api/me shows beside it. */
export interface SessionUserRow {
  session_id: string;
  id: string;
  client_id: string;
  email: string | null;
  username: string | null;
  display_username: boolean;
  first_name: string | null;
  last_name: string | null;
  image_url: string | null;
  city: string | null;
  state: string | null;
  country: string | null;
  bio: string | null;
  role: Role;
  team_tags: string[];
  contract_id: string | null;
  contract_agreed_at: Date | string | null;
  onboarded_at: Date | string | null;
  email_verified_at: Date | string | null;
  created_at: Date | string;
  is_ghost: boolean;
  locale: Locale | null;
  applications: { id: string; status: string }[];
  membership: { team_id: string; name: string }[];
}

const USER_WITH_RELATIONS = sql`
  u.id, u.client_id, u.email, u.username, u.display_username, u.first_name, u.last_name, u.image_url,
  u.city, u.state, u.country, u.bio, u.role, u.team_tags, u.contract_id, u.contract_agreed_at,
  u.onboarded_at, u.email_verified_at, u.created_at, u.is_ghost, u.locale,
  coalesce((select json_agg(json_build_object('id', a.id, 'status', a.status) order by a.id)
            from applicants a where a.user_id = u.id), '[]'::json) as applications,
  coalesce((select json_agg(json_build_object('team_id', tm.team_id, 'name', t.name) order by t.name)
            from team_members tm join teams t on t.id = tm.team_id where tm.user_id = u.id), '[]'::json) as membership`;

/** The active user behind a live session token hash, scoped to the client (one round trip). */
export async function findSessionUser(
  db: Db,
  { clientId, tokenHash }: { clientId: string; tokenHash: string },
): Promise<SessionUserRow | undefined> {
  const result = await selectRows<SessionUserRow>(
    db,
    sql`
    select s.id as session_id, ${USER_WITH_RELATIONS}
    from sessions s join users u on u.id = s.user_id
    where s.token_hash = ${tokenHash} and s.client_id = ${clientId} and u.client_id = ${clientId}
      and s.revoked_at is null and s.expires_at > now() and u.is_active`,
  );
  return result[0];
}

/** A user of the client with its relations, as /api/me shows it. */
export async function getUserWithRelations(
  db: Db,
  { clientId, userId }: { clientId: string; userId: string },
): Promise<Omit<SessionUserRow, 'session_id'> | undefined> {
  const result = await selectRows<SessionUserRow>(
    db,
    sql`
    select ${USER_WITH_RELATIONS} from users u where u.id = ${userId} and u.client_id = ${clientId}`,
  );
  return result[0];
}

/** The user of a client with this email (case-insensitive). */
export async function findUserByEmail(db: Db, { clientId, email }: { clientId: string; email: string }) {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.clientId, clientId), sql`lower(${users.email}) = ${email.toLowerCase()}`))
    .limit(1);
  return row;
}

/** A new account's user (POST /api/accounts): a USER of the client, email not yet verified. */
export async function insertAccountUser(
  db: Db,
  input: {
    clientId: string;
    email: string;
    passwordHash: string;
    firstName: string;
    lastName: string;
    locale: Locale | null;
  },
) {
  const [row] = await db
    .insert(users)
    .values({
      clientId: input.clientId,
      email: input.email,
      passwordHash: input.passwordHash,
      firstName: input.firstName,
      lastName: input.lastName,
      locale: input.locale,
      role: 'USER',
    })
    .returning();
  return row!;
}

/** Sets a user's new password; the emailed link it came through also verifies the address. Answers the email. */
export async function setUserPassword(
  db: Db,
  { clientId, userId, passwordHash }: { clientId: string; userId: string; passwordHash: string },
): Promise<{ email: string | null } | undefined> {
  const [row] = await db
    .update(users)
    .set({ passwordHash, emailVerifiedAt: new Date(), updatedAt: new Date() })
    .where(and(eq(users.id, userId), eq(users.clientId, clientId)))
    .returning({ email: users.email });
  return row;
}

/**
 * What a first verification of a user's email means: their role, whether the email is verified already, and whether
 * they were invited (undefined: the client has no such user).
 */
export async function findVerificationState(
  db: Db,
  { clientId, userId }: { clientId: string; userId: string },
) {
  const [row] = await db
    .select({
      role: users.role,
      isVerified: sql<boolean>`${users.emailVerifiedAt} is not null`,
      isInvited: sql<boolean>`${users.invitedAt} is not null`,
    })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.clientId, clientId)));
  return row;
}

/**
 * Marks a user's email verified; answers their role and whether it was verified before (undefined: no such user of
 * the client), so that a first verification can count as joining.
 */
export async function markEmailVerified(db: Db, { clientId, userId }: { clientId: string; userId: string }) {
  const [before] = await db
    .select({ role: users.role, verifiedAt: users.emailVerifiedAt })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.clientId, clientId)))
    .for('update');
  if (!before) return undefined;
  await db
    .update(users)
    .set({ emailVerifiedAt: new Date() })
    .where(and(eq(users.id, userId), eq(users.clientId, clientId)));
  return { role: before.role, wasVerified: before.verifiedAt !== null };
}

/** Records the push permission the app of a session last reported (GET /api/me?notifications=). */
export async function setSessionNotifications(
  db: Db,
  { clientId, sessionId, granted }: { clientId: string; sessionId: string; granted: boolean },
) {
  await db
    .update(sessions)
    .set({ notificationsGranted: granted })
    .where(and(eq(sessions.id, sessionId), eq(sessions.clientId, clientId)));
}

/**
 * Registers a push device of the user, or refreshes its token. A device id belongs to the account that registered
 * it until that account removes it: false (nothing written) when it is another account's.
 */
export async function registerDevice(
  db: Db,
  input: { clientId: string; userId: string; deviceId: string; fcmToken: string; platform: string },
): Promise<boolean> {
  const { clientId, userId, deviceId, fcmToken, platform } = input;
  const registered = await db
    .insert(devices)
    .values({ clientId, userId, deviceId, fcmToken, platform })
    .onConflictDoUpdate({
      target: [devices.clientId, devices.deviceId],
      set: { fcmToken, platform, updatedAt: new Date() },
      setWhere: and(eq(devices.clientId, clientId), eq(devices.userId, userId)),
    })
    .returning({ id: devices.id });
  return registered.length > 0;
}

/** Removes one of the user's devices; false when the user has no such device. */
export async function deleteDevice(
  db: Db,
  { clientId, userId, deviceId }: { clientId: string; userId: string; deviceId: string },
): Promise<boolean> {
  const deleted = await db
    .delete(devices)
    .where(and(eq(devices.clientId, clientId), eq(devices.userId, userId), eq(devices.deviceId, deviceId)))
    .returning({ id: devices.id });
  return deleted.length > 0;
}

/** Profile fields a member edits (PATCH /api/me); undefined leaves a field as it is. */
export interface ProfileChanges {
  first_name?: string | null;
  last_name?: string | null;
  username?: string | null;
  display_username?: boolean;
  city?: string | null;
  state?: string | null;
  country?: string | null;
  bio?: string | null;
  image_url?: string | null;
  locale?: Locale | null;
}

/** Writes the member's profile fields. */
export async function updateProfile(
  db: Db,
  { clientId, userId, profile }: { clientId: string; userId: string; profile: ProfileChanges },
) {
  await db
    .update(users)
    .set({
      firstName: profile.first_name,
      lastName: profile.last_name,
      username: profile.username,
      displayUsername: profile.display_username,
      city: profile.city,
      state: profile.state,
      country: profile.country,
      bio: profile.bio,
      imageUrl: profile.image_url,
      locale: profile.locale,
      updatedAt: new Date(),
    })
    .where(and(eq(users.id, userId), eq(users.clientId, clientId)));
}

/**
 * Credits a member one active minute for today, at most once per 50 s (extra tabs and retries add nothing);
 * answers today's seconds and whether this ping was credited.
 */
export async function creditActiveMinute(
  db: Db,
  { clientId, userId }: { clientId: string; userId: string },
): Promise<{ seconds: number; isCredited: boolean }> {
  const result = await selectRows<{ seconds: number; credited: boolean }>(
    db,
    sql`
      insert into ${activeTime} (client_id, user_id, day, seconds, last_ping_at)
      values (${clientId}, ${userId}, (now() at time zone 'utc')::date, 60, now())
      on conflict (user_id, day) do update set
        seconds = ${activeTime.seconds} + case when now() - ${activeTime.lastPingAt} >= interval '50 seconds' then 60 else 0 end,
        last_ping_at = case when now() - ${activeTime.lastPingAt} >= interval '50 seconds' then now() else ${activeTime.lastPingAt} end
      where ${activeTime.clientId} = ${clientId}
      returning seconds, last_ping_at = now() as credited`,
  );
  return { seconds: Number(result[0]?.seconds ?? 0), isCredited: result[0]?.credited === true };
}

/** Today's active seconds after crediting the ping (creditActiveMinute without the credited flag). */
export async function addActiveMinute(db: Db, input: { clientId: string; userId: string }): Promise<number> {
  return (await creditActiveMinute(db, input)).seconds;
}

/**
 * Adds a credited active minute to the training the member had open (training_time, then report_facts by
 * trigger); nothing when the id is no training of the client.
 */
export async function addTrainingMinute(
  db: Db,
  { clientId, userId, activityId }: { clientId: string; userId: string; activityId: string },
): Promise<void> {
  await db.execute(
    sql`insert into ${trainingTime} (client_id, user_id, activity_id, day, seconds)
        select ${clientId}, ${userId}, a.id, (now() at time zone 'utc')::date, 60
        from ${activities} a
        where a.id = ${activityId} and a.client_id = ${clientId} and a.type = 'training' and a.archived_at is null
        on conflict (user_id, activity_id, day) do update set seconds = ${trainingTime.seconds} + 60`,
  );
}

/** The client's contract with this id, or undefined. */
export async function findContract(
  db: Db,
  { clientId, contractId }: { clientId: string; contractId: string },
) {
  const [row] = await db
    .select()
    .from(contracts)
    .where(and(eq(contracts.clientId, clientId), eq(contracts.id, contractId)));
  return row;
}

/** Records that the user agreed to the contract now. */
export async function acceptContract(
  db: Db,
  { clientId, userId, contractId }: { clientId: string; userId: string; contractId: string },
) {
  await db
    .update(users)
    .set({ contractId, contractAgreedAt: new Date(), updatedAt: new Date() })
    .where(and(eq(users.id, userId), eq(users.clientId, clientId)));
}

/** Writes the onboarding answers and marks the user onboarded (the first time only). */
export async function completeOnboarding(
  db: Db,
  input: {
    clientId: string;
    userId: string;
    firstName: string;
    lastName: string;
    city: string | null;
    state: string | null;
    country: string | null;
  },
) {
  await db
    .update(users)
    .set({
      firstName: input.firstName,
      lastName: input.lastName,
      city: input.city,
      state: input.state,
      country: input.country,
      onboardedAt: sql`coalesce(${users.onboardedAt}, now())`,
      updatedAt: new Date(),
    })
    .where(and(eq(users.id, input.userId), eq(users.clientId, input.clientId)));
}

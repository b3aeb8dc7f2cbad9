import { normalizeSafetyText, type SafetyRuleKind } from '@rally/shared';
import type { AppContext } from '../context.ts';
import type { Db } from '../db/client.ts';
import { moderationItems, safetyRules, safetySettings } from '../db/schema/index.ts';
import { forgetClientSafety } from '../modules/safety/safety.ts';
import { createActivity, createProject, createUpload, createUser, joinProject, unique } from './factories.ts';

/** Brand-safety rows for API tests, written straight through Drizzle (the cached lists are dropped). */

export async function createSafetyRule(
  db: Db,
  input: { clientId: string; phrase?: string; kind?: SafetyRuleKind },
) {
  const phrase = input.phrase ?? unique('word');
  const [row] = await db
    .insert(safetyRules)
    .values({
      clientId: input.clientId,
      phrase,
      normalized: normalizeSafetyText(phrase),
      kind: input.kind ?? 'flag',
    })
    .returning();
  forgetClientSafety(input.clientId);
  return row!;
}

export async function setFlagAction(db: Db, clientId: string, flagAction: 'publish' | 'hold') {
  await db
    .insert(safetySettings)
    .values({ clientId, flagAction })
    .onConflictDoUpdate({ target: safetySettings.clientId, set: { flagAction } });
  forgetClientSafety(clientId);
}

export async function createModerationItem(
  db: Db,
  input: Partial<typeof moderationItems.$inferInsert> & { clientId: string; targetId: string },
) {
  const [row] = await db
    .insert(moderationItems)
    .values({ targetKind: 'caption', text: 'A flagged text', matches: ['flagged'], ...input })
    .returning();
  return row!;
}

/** A fresh member who joined a fresh project with a Brand Content activity, and an upload of theirs. */
export async function brandContentSetup(ctx: AppContext, clientId: string) {
  const user = await createUser(ctx.db, { clientId });
  const project = await createProject(ctx.db, { clientId });
  await joinProject(ctx.db, { clientId, projectId: project.id, userId: user.id });
  const activity = await createActivity(ctx.db, {
    clientId,
    projectId: project.id,
    type: 'content_submission',
    points: 10,
    config: { type: 'content_submission', prompt: 'Show us', media: 'any' },
  });
  const photo = await createUpload(ctx, { clientId, userId: user.id });
  return { user, project, activity, photo };
}

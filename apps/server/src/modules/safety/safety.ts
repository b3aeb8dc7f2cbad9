import {
  compileSafetyRules,
  isNonWordText,
  type SafetyFlagAction,
  type SafetyMatcher,
  type SafetyRuleKind,
  type SafetyScreen,
  screenSafetyText,
} from '@rally/shared';
import { LRUCache } from 'lru-cache';
import type { Db } from '../../db/client.ts';
import type { Bus } from '../../lib/bus.ts';
import { badRequest } from '../../lib/errors.ts';
import { findRulePhrases, getFlagAction, insertModerationItem } from './safety.repository.ts';

/** The verdict on a member-written text that may be published. */
export interface TextVerdict {
  /** Flag rules (phrases) that matched; empty when the text is clean. */
  flagged: string[];
  /** True when flagged text must stay hidden until a moderator approves it (the client's choice). */
  hold: boolean;
}

/** A client's compiled word lists and settings, as the checks use them. */
export interface ClientSafety {
  matcher: SafetyMatcher;
  flagAction: SafetyFlagAction;
}

/** Bus channel on which a change of a client's rules or settings is announced (message: the client id). */
export const SAFETY_CHANGED_CHANNEL = 'safety:changed';
// Pub/sub is at-most-once, so a lost invalidation must not leave a stale list for long.
const CACHE_TTL_MS = 30_000;
// Bounded like every in-process cache: one entry per client, the least recently used going first.
const cache = new LRUCache<string, { loaded: Promise<ClientSafety>; expiresAt: number }>({ max: 1_000 });

async function loadClientSafety(db: Db, clientId: string): Promise<ClientSafety> {
  const [rules, flagAction] = await Promise.all([
    findRulePhrases(db, { clientId }),
    getFlagAction(db, { clientId }),
  ]);
  return {
    matcher: compileSafetyRules(rules.map((r) => ({ phrase: r.phrase, kind: r.kind as SafetyRuleKind }))),
    flagAction,
  };
}

/**
 * The client's word lists and settings, cached in memory per client for a short while. Every change goes
 * through `announceSafetyChange`, which drops the entry here and on every other instance through the bus.
 */
export function getClientSafety(db: Db, clientId: string): Promise<ClientSafety> {
  const hit = cache.get(clientId);
  if (hit && hit.expiresAt > Date.now()) return hit.loaded;
  const loaded = loadClientSafety(db, clientId);
  // A failed load must not stay cached.
  loaded.catch(() => cache.delete(clientId));
  cache.set(clientId, { loaded, expiresAt: Date.now() + CACHE_TTL_MS });
  return loaded;
}

/** Drops the cached lists of a client on this instance. */
export function forgetClientSafety(clientId: string): void {
  cache.delete(clientId);
}

/** Drops the cached lists of a client here at once and on every instance through the bus. */
export async function announceSafetyChange(bus: Bus, clientId: string): Promise<void> {
  forgetClientSafety(clientId);
  await bus.publish(SAFETY_CHANGED_CHANNEL, clientId);
}

/** Listens for changes announced by other instances (once per app). */
export function subscribeSafetyChanges(bus: Bus): void {
  bus.subscribe(SAFETY_CHANGED_CHANNEL, (clientId) => forgetClientSafety(clientId));
}

/** Screens a text against a client's lists (no throwing): what the admin "test a text" box shows. */
export async function checkClientText(db: Db, clientId: string, text: string) {
  const safety = await getClientSafety(db, clientId);
  return { screen: screenSafetyText(safety.matcher, text), flagAction: safety.flagAction };
}

/** The message of a blocked text, naming the rule. */
export const blockedMessage = (label: string, screen: SafetyScreen) =>
  `${label} contains "${screen.blocked[0]}", which is not allowed`;

/**
 * The brand-safety check of member-written text (posts, comments, captions, responses, profile fields, chat).
 * Throws 400 naming the rule when the text is blocked (or is only symbols, SPEC 5); otherwise says which
 * flag rules matched and whether the client holds flagged text until a moderator approves it.
 * May be given a transaction: the lists are then read through it on a cache miss.
 */
export async function screenMemberText(
  db: Db,
  clientId: string,
  label: string,
  text: string,
): Promise<TextVerdict> {
  checkMemberText(label, text);
  const { screen, flagAction } = await checkClientText(db, clientId, text);
  if (screen.blocked.length > 0) throw badRequest(blockedMessage(label, screen), 'blocked_text');
  return { flagged: screen.flagged, hold: screen.flagged.length > 0 && flagAction === 'hold' };
}

/** A flagged text to put in the moderation queue. */
export interface ReviewItem {
  clientId: string;
  /** 'post', 'comment', 'caption', 'response', 'share', 'profile', 'chat'. */
  targetKind: string;
  targetId: string;
  authorId: string | null;
  text: string;
  matches: string[];
  isHeld: boolean;
}

/** Queues a flagged text for moderators (/admin/safety). Give it the transaction that wrote the text. */
export async function queueForReview(db: Db, item: ReviewItem): Promise<void> {
  await insertModerationItem(db, {
    clientId: item.clientId,
    targetKind: item.targetKind,
    targetId: item.targetId,
    authorId: item.authorId,
    text: item.text,
    matches: item.matches,
    isHeld: item.isHeld,
  });
}

/** Queues the text when its verdict flagged it (with the matched rules); does nothing for a clean text. */
export async function queueIfFlagged(
  db: Db,
  verdict: TextVerdict,
  item: Omit<ReviewItem, 'matches' | 'isHeld'> & { isHeld?: boolean },
): Promise<void> {
  if (verdict.flagged.length === 0) return;
  await queueForReview(db, { ...item, matches: verdict.flagged, isHeld: item.isHeld ?? verdict.hold });
}

/** SPEC 5's non-word check alone (synchronous), for callers that have no database at hand. */
export function checkMemberText(label: string, text: string): void {
  if (isNonWordText(text)) throw badRequest(`${label} must contain words, not only symbols`, 'non_word_text');
}

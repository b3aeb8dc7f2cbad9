import type { Db } from '../../db/client.ts';

/** A moderator's decision on a queued text, as the module that owns the text receives it. */
export interface HeldContentDecision {
  clientId: string;
  /** The text's own row: the moderation item's target id. */
  id: string;
  decision: 'approve' | 'remove';
  moderatorId: string;
}

/**
 * Applies a moderator's decision to a text its module owns, inside the moderation transaction: approve publishes
 * a held text (and tells whoever would have heard of it when it was written), remove takes it down.
 */
export type HeldContentPublisher = (tx: Db, decision: HeldContentDecision) => Promise<void>;

// Safety decides; the module that owns the text applies the decision. It registers here rather than safety
// importing it, as it imports safety's screening: module imports never form a cycle.
const publishers = new Map<string, HeldContentPublisher>();

/**
 * Registers the publisher of one kind of queued text ('post', 'comment'), replacing any earlier one; the owning
 * module calls it when it is set up.
 */
export function registerHeldContentPublisher(kind: string, publisher: HeldContentPublisher): void {
  publishers.set(kind, publisher);
}

/** The publisher registered for a kind of queued text; none for kinds whose text stays as it is. */
export function heldContentPublisherOf(kind: string): HeldContentPublisher | undefined {
  return publishers.get(kind);
}

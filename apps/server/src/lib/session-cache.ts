import type { Bus } from './bus.ts';

const CHANNEL = 'sessions:invalidate';

/**
 * Short-lived cache of session lookups (token hash → user row), so that reads with a session do not hit the
 * database each time. Entries live at most `ttlMs`; any change to a user or a session invalidates them on
 * every instance through the bus, and the TTL bounds staleness should a bus message be lost.
 */
/** What the cache needs of a session's row: whose it is. */
export interface CachedSession {
  id: string;
}

export class SessionCache<Row extends CachedSession = CachedSession> {
  private readonly entries = new Map<string, { row: Row; expiresAt: number }>();

  constructor(
    private readonly bus: Bus,
    private readonly ttlMs = 30_000,
    private readonly maxEntries = 50_000,
    /** The bus channel of its invalidations (another cache of rows by token hash, such as API keys, has its own). */
    private readonly channel = CHANNEL,
  ) {
    bus.subscribe(channel, (message) => this.drop(message));
  }

  get(tokenHash: string): Row | undefined {
    const hit = this.entries.get(tokenHash);
    if (!hit) return undefined;
    if (hit.expiresAt <= Date.now()) {
      this.entries.delete(tokenHash);
      return undefined;
    }
    return hit.row;
  }

  set(tokenHash: string, row: Row): void {
    if (this.entries.size >= this.maxEntries) {
      // Maps iterate in insertion order: drop the oldest entry.
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(tokenHash, { row, expiresAt: Date.now() + this.ttlMs });
  }

  /** Forgets everything cached for a user (after any change to the user, its teams or its sessions). */
  async invalidateUser(userId: string): Promise<void> {
    this.drop(`user:${userId}`);
    await this.bus.publish(this.channel, `user:${userId}`);
  }

  /** Forgets every cached session (after a change that touches many users). */
  async invalidateAll(): Promise<void> {
    this.drop('all');
    await this.bus.publish(this.channel, 'all');
  }

  private drop(message: string) {
    if (message === 'all') {
      this.entries.clear();
      return;
    }
    const userId = message.slice('user:'.length);
    for (const [key, entry] of this.entries) if (entry.row.id === userId) this.entries.delete(key);
  }
}

/**
 * Login throttle: `limit` failures within `windowMs` for one key block further attempts on that
 * key until the window has moved on.
 */
export class LoginThrottle {
  private failures = new Map<string, number[]>();

  constructor(
    private readonly limit = 10,
    private readonly windowMs = 60_000,
    private readonly now: () => number = Date.now,
  ) {}

  private recent(key: string): number[] {
    const cutoff = this.now() - this.windowMs;
    const list = (this.failures.get(key) ?? []).filter((t) => t > cutoff);
    if (list.length) this.failures.set(key, list);
    else this.failures.delete(key);
    return list;
  }

  blocked(keys: string[]): boolean {
    return keys.some((k) => this.recent(k).length >= this.limit);
  }

  /** Whole seconds until every blocked key takes an attempt again (0 when none is blocked). */
  retryAfterSeconds(keys: string[]): number {
    let ms = 0;
    for (const k of keys) {
      const list = this.recent(k);
      // Unblocked once all but limit - 1 of the failures have left the window.
      if (list.length >= this.limit) ms = Math.max(ms, list[list.length - this.limit] + this.windowMs - this.now());
    }
    return ms > 0 ? Math.max(1, Math.ceil(ms / 1000)) : 0;
  }

  fail(keys: string[]): void {
    const t = this.now();
    for (const k of keys) this.failures.set(k, [...this.recent(k), t]);
    // Keys are only read when their owner tries again: sweep the stale ones now and then, so many
    // one-off keys (a spray over many emails) cannot grow the map without bound.
    if (this.failures.size > 10_000) for (const k of [...this.failures.keys()]) this.recent(k);
  }

  /** Forgets a key's failures (the right password from that place). */
  reset(key: string): void {
    this.failures.delete(key);
  }
}

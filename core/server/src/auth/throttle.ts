/**
 * Login throttle: more than `limit` failures within `windowMs` for one key (an email or an
 * address) blocks further attempts on that key until the window has moved on.
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

  fail(keys: string[]): void {
    const t = this.now();
    for (const k of keys) this.failures.set(k, [...this.recent(k), t]);
  }
}

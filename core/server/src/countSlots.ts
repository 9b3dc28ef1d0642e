import { errors } from './errors';

/**
 * How many count calls each caller may have running at once (DISCOVERY_COUNT_CONCURRENCY): one
 * user cannot queue up the count workers for everyone else. A call over the limit is answered 429
 * with Retry-After; the slot is given back when the handler ends, however it ends.
 */
export class CountSlots {
  private readonly running = new Map<string, number>();

  constructor(readonly perUser: number) {
    if (!(Number.isInteger(perUser) && perUser >= 1)) throw new Error(`DISCOVERY_COUNT_CONCURRENCY must be a whole number >= 1 (got ${perUser})`);
  }

  /** Takes one of the caller's slots, or throws the 429; the function returned gives it back (once). */
  take(caller: string): () => void {
    const n = this.running.get(caller) ?? 0;
    if (n >= this.perUser) {
      throw errors.tooMany(
        `You already have ${n} audience ${n === 1 ? 'count' : 'counts'} running, the most one user may have at once. Please try again when ${n === 1 ? 'it has' : 'one has'} finished.`,
        1,
      );
    }
    this.running.set(caller, n + 1);
    let given = false;
    return () => {
      if (given) return;
      given = true;
      const left = (this.running.get(caller) ?? 1) - 1;
      if (left > 0) this.running.set(caller, left);
      else this.running.delete(caller);
    };
  }

  /** Calls running for the caller now. */
  runningFor(caller: string): number {
    return this.running.get(caller) ?? 0;
  }
}

/**
 * Server data changed by one screen that others show (UPL-007: an upload's rows in the Insights
 * panel): the writer announces a topic, the screens showing it load again. Topics are the owning
 * domain's constants (`MARKET_LEVEL_CHANGED` in the insight kit).
 */
export class ChangeFeed {
  private readonly subscribers = new Map<string, Set<() => void>>();

  notify(topic: string): void {
    for (const fn of [...(this.subscribers.get(topic) ?? [])]) fn();
  }

  /** Returns the unsubscribe (a React effect's clean-up). */
  subscribe(topic: string, fn: () => void): () => void {
    const set = this.subscribers.get(topic) ?? new Set();
    set.add(fn);
    this.subscribers.set(topic, set);
    return () => {
      set.delete(fn);
    };
  }
}

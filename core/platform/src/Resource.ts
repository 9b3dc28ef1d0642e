import { action, computed, makeObservable, observable } from 'mobx';
import { isAbortError } from './ApiClient';

/**
 * A promise that never rejects: its failure is already in an observable state (a Resource's
 * `error`, a form's message). Floating one is safe, so ESLint's no-floating-promises lets a
 * component call `store.load()` without `void` or `.catch` (eslint.config.mjs lists this type).
 */
export type Settled<T> = Promise<T> & { readonly __settled?: true };

/**
 * `promise` with its rejection turned into `onError`'s value (which must not throw): for a store
 * action whose failure lands in the store's own state.
 */
export function settle<T, F = undefined>(promise: Promise<T>, onError: (e: unknown) => F): Settled<T | F> {
  return promise.then(
    (v) => v,
    (e: unknown) => onError(e),
  );
}

/** What the screen draws for a resource: nothing asked yet, on the way, the answer, or the failure. */
export type ResourceStatus = 'idle' | 'loading' | 'ready' | 'error';

/**
 * One piece of server data a store shows, and the one way to fetch it (issue 24 §3):
 * - `load(fn)` calls `fn(signal)`; a newer `load` aborts the older call, and the older answer is
 *   dropped even when it arrives late (the latest request wins);
 * - a failure always ends loading in `error` (no spinner is left without an end); an aborted call
 *   is not a failure;
 * - `data` keeps the last answer while a newer one loads, until `reset()`.
 * MobX-observable: `data` (by reference: an answer is replaced, never mutated), `loading`, `error`.
 */
export class Resource<T> {
  data: T;
  loading = false;
  error: Error | null = null;
  private current: AbortController | null = null;
  private answered = false;

  constructor(private readonly initial: T) {
    this.data = initial;
    makeObservable<Resource<T>, 'finish' | 'answered'>(this, {
      data: observable.ref,
      loading: observable,
      error: observable.ref,
      answered: observable,
      status: computed,
      load: action,
      abort: action,
      reset: action,
      set: action,
      finish: action,
    });
  }

  get status(): ResourceStatus {
    if (this.loading) return 'loading';
    if (this.error) return 'error';
    return this.answered ? 'ready' : 'idle';
  }

  /**
   * Fetches with `fn`, aborting the request before it. Resolves with the answer when it became
   * `data`, or undefined when it failed (see `error`) or a newer request took its place. Never rejects.
   */
  load(fn: (signal: AbortSignal) => Promise<T>): Settled<T | undefined> {
    this.current?.abort();
    const controller = new AbortController();
    this.current = controller;
    this.loading = true;
    this.error = null;
    let call: Promise<T>;
    try {
      call = fn(controller.signal);
    } catch (e) {
      call = Promise.reject(e as Error);
    }
    return call.then(
      (value) => (this.finish(controller, { value }) ? value : undefined),
      (e: unknown) => {
        this.finish(controller, { error: e });
        return undefined;
      },
    );
  }

  /** Stops the request on its way (the page went); the data stays. */
  abort(): void {
    this.current?.abort();
    this.current = null;
    this.loading = false;
  }

  /** Back to nothing loaded (another product, another client): aborts, clears data and error. */
  reset(): void {
    this.abort();
    this.data = this.initial;
    this.error = null;
    this.answered = false;
  }

  /** A local change to the data (after a save): takes the place of the answer. */
  set(data: T): void {
    this.data = data;
    this.answered = true;
  }

  /** Takes a settled call's outcome when it is still the latest one; answers whether it was. */
  private finish(controller: AbortController, outcome: { value: T } | { error: unknown }): boolean {
    if (this.current !== controller) return false;
    this.current = null;
    this.loading = false;
    if ('value' in outcome) {
      this.data = outcome.value;
      this.answered = true;
      return true;
    }
    // Aborted from elsewhere (the signal was handed on): not a failure to show.
    if (!controller.signal.aborted && !isAbortError(outcome.error)) {
      this.error = outcome.error instanceof Error ? outcome.error : new Error(String(outcome.error));
    }
    return false;
  }
}

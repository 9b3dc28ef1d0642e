import { makeAutoObservable } from 'mobx';

export type ToastIntent = 'error' | 'warning' | 'success' | 'info';

export interface Toast {
  id: number;
  intent: ToastIntent;
  message: string;
  /** ms; 0 = persistent until dismissed. */
  timeout: number;
}

/** SHELL-065: default and per-kind durations. */
export const TOAST_DURATIONS = { default: 4000, success: 4000, deleteError: 5000 } as const;
/** SHELL-066 DESIGN: newest on top, at most three visible. */
export const MAX_VISIBLE_TOASTS = 3;

export class ToastStore {
  toasts: Toast[] = [];
  private next = 1;
  private timers = new Map<number, ReturnType<typeof setTimeout>>();

  constructor() {
    makeAutoObservable<ToastStore, 'timers' | 'next'>(this, { timers: false, next: false });
  }

  get visible(): Toast[] {
    return this.toasts.slice(0, MAX_VISIBLE_TOASTS);
  }

  show(intent: ToastIntent, message: string, opts: { timeout?: number; persistent?: boolean } = {}): number {
    const id = this.next++;
    const timeout = opts.persistent ? 0 : (opts.timeout ?? TOAST_DURATIONS.default);
    this.toasts.unshift({ id, intent, message, timeout });
    if (timeout > 0)
      this.timers.set(
        id,
        setTimeout(() => this.dismiss(id), timeout),
      );
    return id;
  }

  success(message: string) {
    return this.show('success', message, { timeout: TOAST_DURATIONS.success });
  }
  error(message: string, timeout?: number) {
    return this.show('error', message, { timeout });
  }
  warning(message: string, timeout?: number) {
    return this.show('warning', message, { timeout });
  }
  info(message: string, timeout?: number) {
    return this.show('info', message, { timeout });
  }

  dismiss(id: number): void {
    const t = this.timers.get(id);
    if (t) clearTimeout(t);
    this.timers.delete(id);
    this.toasts = this.toasts.filter((x) => x.id !== id);
  }
}
